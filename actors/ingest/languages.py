"""Which programming language is this source in, and how code-like is it at all?

By file extension when a filename is given, else by weighted content cues per language. Pure
regex scoring: never executes, parses or imports the code.
"""

from __future__ import annotations

import re
from pathlib import PurePath

from actors.lazy_re import Regex, lazy_regex

LANGUAGES: tuple[str, ...] = (
    "python", "java", "javascript", "typescript", "c", "cpp", "csharp", "go", "rust",
    "kotlin", "swift", "php", "scala",
)  # fmt: skip

EXTENSIONS: dict[str, str] = {
    ".py": "python", ".pyi": "python", ".pyw": "python",
    ".java": "java",
    ".js": "javascript", ".mjs": "javascript", ".cjs": "javascript", ".jsx": "javascript",
    ".ts": "typescript", ".tsx": "typescript", ".mts": "typescript", ".cts": "typescript",
    ".c": "c", ".h": "c",
    ".cpp": "cpp", ".cc": "cpp", ".cxx": "cpp", ".hpp": "cpp", ".hh": "cpp", ".hxx": "cpp",
    ".cs": "csharp", ".go": "go", ".rs": "rust", ".kt": "kotlin", ".kts": "kotlin",
    ".swift": "swift", ".php": "php", ".scala": "scala", ".sc": "scala",
}  # fmt: skip

EXTENSION_SCORE = 100.0

_M = re.MULTILINE
CUES: dict[str, list[tuple[Regex, float]]] = {
    "python": [
        (lazy_regex(r"^[ \t]*(?:async\s+)?def \w+\(.*\)\s*(?:->\s*[^:]+)?:\s*$", _M), 3),
        (lazy_regex(r"^[ \t]*(?:from [\w.]+ )?import [\w., ]+$", _M), 2),
        (lazy_regex(r"\bself\.\w+"), 1),
        (lazy_regex(r"^[ \t]*class \w+(?:\([^)]*\))?:\s*$", _M), 3),
        (lazy_regex(r"^[ \t]*(?:elif .*|else|try|finally|except[^:]*):\s*$", _M), 2),
        (lazy_regex(r"\b__[A-Za-z]\w{0,40}?__\b"), 1),
        (lazy_regex(r"^[ \t]*@\w+(?:\.\w+)*(?:\(.*\))?\s*$", _M), 0.5),
        (lazy_regex(r'"""'), 1),
    ],
    "java": [
        (lazy_regex(r"\bpublic\s+(?:final\s+|abstract\s+)?class\b"), 3),
        (lazy_regex(r"^[ \t]*package\s+[\w.]+;", _M), 4),
        (lazy_regex(r"^[ \t]*import\s+(?:static\s+)?(?:java|javax|org|com)\.[\w.*]+;", _M), 4),
        (lazy_regex(r"@Override|@Autowired|@Service|@Transactional|@Entity"), 2),
        (lazy_regex(r"\bprivate\s+final\s+\w+"), 2),
        (lazy_regex(r"\bSystem\.out\.print"), 3),
        (lazy_regex(r"\b(?:public|private|protected)\s+(?:static\s+)?"
                    r"[\w<>\[\], ]{1,80}?\s\w+\s*\("), 2),
        (lazy_regex(r"\bthrows\s+\w+"), 2),
        (lazy_regex(r"\bnew\s+\w+(?:<[^>]*>)?\("), 0.5),
    ],
    "kotlin": [
        (lazy_regex(r"^[ \t]*(?:override\s+|private\s+|suspend\s+)*fun\s+\w+\s*\(", _M), 3),
        (lazy_regex(r"\bdata class\b"), 3),
        (lazy_regex(r"^[ \t]*(?:val|var)\s+\w+\s*(?::\s*\w+)?\s*=", _M), 1),
        (lazy_regex(r"^[ \t]*import\s+(?:kotlinx?|android)\.", _M), 4),
        (lazy_regex(r"\bprintln\("), 1),
        (lazy_regex(r"\bcompanion object\b|\bwhen\s*\(|\?\.let\b"), 2),
    ],
    "scala": [
        (lazy_regex(r"^[ \t]*(?:case\s+)?class\s+\w+\(", _M), 1),
        (lazy_regex(r"\bcase class\b|\bsealed trait\b|\bextends App\b"), 3),
        (lazy_regex(r"^[ \t]*object\s+\w+", _M), 2),
        (lazy_regex(r"^[ \t]*import\s+scala\.", _M), 4),
        (lazy_regex(r"^[ \t]*def\s+\w+(?:\[[^\]\n]{0,80}\])?"
                    r"\([^)\n]{0,200}\)\s*:\s*\w+[^\n=]{0,80}=", _M),
         3),
        (lazy_regex(r"\bimplicit\b|=>\s*\{?\s*$", _M), 1),
    ],
    "swift": [
        (lazy_regex(r"^[ \t]*import\s+(?:UIKit|Foundation|SwiftUI|Combine)\b", _M), 4),
        (lazy_regex(r"^[ \t]*(?:@\w+\s+)*(?:public\s+|private\s+|static\s+)*"
                    r"func\s+\w+\s*\(", _M), 3),
        (lazy_regex(r"\bguard\s+let\b|\bif\s+let\b"), 3),
        (lazy_regex(r"^[ \t]*(?:let|var)\s+\w+\s*:\s*\w+", _M), 1),
        (lazy_regex(r"\bstruct\s+\w+\s*:\s*View\b|\b@State\b"), 3),
    ],
    "go": [
        (lazy_regex(r"^package\s+\w+\s*$", _M), 4),
        (lazy_regex(r"^func\s+(?:\(\w+\s+\*?\w+\)\s+)?\w+\(", _M), 3),
        (lazy_regex(r":="), 1),
        (lazy_regex(r"^import\s+\($", _M), 3),
        (lazy_regex(r"\bfmt\.\w+\(|\berr\s*!=\s*nil\b"), 3),
        (lazy_regex(r"\bchan\b|\bgo func\b|\bdefer\b"), 1),
    ],
    "rust": [
        (lazy_regex(r"^[ \t]*(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?fn\s+\w+", _M), 3),
        (lazy_regex(r"\blet\s+mut\b"), 3),
        (lazy_regex(r"^[ \t]*impl\b", _M), 3),
        (lazy_regex(r"^[ \t]*use\s+[\w:]+(?:::\{[^}]*\})?;", _M), 3),
        (lazy_regex(r"\bprintln!|\bvec!|\bformat!|#\[derive"), 3),
        (lazy_regex(r"&mut\b|->\s*Result<|Option<"), 2),
    ],
    "c": [
        (lazy_regex(r"^[ \t]*#\s*include\s*<\w+\.h>", _M), 4),
        (lazy_regex(r"\bint\s+main\s*\("), 2),
        (lazy_regex(r"\bprintf\s*\(|\bmalloc\s*\(|\bfree\s*\(|\bsizeof\b"), 2),
        (lazy_regex(r"^[ \t]*#\s*define\s+\w+", _M), 2),
        (lazy_regex(r"^[ \t]*(?:static\s+)?(?:struct\s+\w+|int|void|char|unsigned|long)"
                    r"\s*\*?\s*\w+\s*\([^;]*\)\s*\{?\s*$", _M), 1),
    ],
    "cpp": [
        (lazy_regex(r"^[ \t]*#\s*include\s*"
                    r"<(?:iostream|vector|string|memory|map|algorithm)>", _M), 5),
        (lazy_regex(r"\bstd::\w+"), 3),
        (lazy_regex(r"\btemplate\s*<"), 3),
        (lazy_regex(r"^[ \t]*namespace\s+\w+\s*\{", _M), 2),
        (lazy_regex(r"\bnullptr\b|\bcout\b|\bconstexpr\b"), 2),
        (lazy_regex(r"\b\w{1,60}::\w{1,60}\s*\("), 1),
    ],
    "csharp": [
        (lazy_regex(r"^[ \t]*using\s+System(?:\.[\w.]+)?;", _M), 5),
        (lazy_regex(r"^[ \t]*namespace\s+[\w.]+\s*[;{]?\s*$", _M), 2),
        (lazy_regex(r"\bConsole\.Write"), 3),
        (lazy_regex(r"\{\s*get;\s*(?:set;|init;)?\s*\}"), 4),
        (lazy_regex(r"\basync\s+Task\b|\bpublic\s+(?:static\s+)?(?:async\s+)?"
                    r"(?:Task|void|string|int)\s+[A-Z]\w*\("), 2),
    ],
    "php": [
        (lazy_regex(r"<\?php"), 8),
        (lazy_regex(r"\$this->"), 3),
        (lazy_regex(r"\$\w+\s*=[^=]"), 1),
        (lazy_regex(r"\bfunction\s+\w+\s*\(\s*(?:[\w?]+\s+)?\$"), 3),
        (lazy_regex(r"\becho\s+"), 1),
    ],
    "javascript": [
        (lazy_regex(r"\bfunction\s*\w*\s*\("), 2),
        (lazy_regex(r"^[ \t]*(?:export\s+)?(?:const|let|var)\s+\w+\s*=", _M), 1.5),
        (lazy_regex(r"=>"), 1),
        (lazy_regex(r"\brequire\(['\"]|\bmodule\.exports\b"), 3),
        (lazy_regex(r"\bconsole\.log\(|\bdocument\.\w+|\bwindow\.\w+"), 3),
        (lazy_regex(r"^[ \t]*import\s+.*\s+from\s+['\"]", _M), 3),
        (lazy_regex(r"^[ \t]*export\s+(?:default\s+)?"
                    r"(?:async\s+)?(?:function|class|const)\b", _M), 2),
        (lazy_regex(r"===|!=="), 1),
    ],
    "typescript": [
        (lazy_regex(r":\s*(?:string|number|boolean|void|any|unknown|never)\b"), 2),
        (lazy_regex(r"^[ \t]*(?:export\s+)?interface\s+\w+", _M), 3),
        (lazy_regex(r"^[ \t]*(?:export\s+)?type\s+\w+\s*=", _M), 3),
        (lazy_regex(r"\bprivate\s+readonly\b|\bimplements\s+\w+|\bas\s+const\b"), 2),
        (lazy_regex(r"\):\s*Promise<"), 3),
    ],
}

_CODE_LINE = lazy_regex(
    r"[;{}]\s*$|^[ \t]*[{}]|^[ \t]*(?:def|class|import|from|return|public|private|protected|static|"
    r"func|fn|function|fun|const|let|var|val|package|using|namespace|interface|struct|impl|"
    r"#include|#define|if|for|while|switch|try|except|elif|else|async|await|@\w+)\b.*"
    r"(?:[:({=;]|\)\s*$)|==|!=|=>|->|::|&&|\|\||\w\(\)|\bself\.|\$\w+\s*="
)


def code_ratio(text: str) -> float:
    """Share of non-blank lines (up to 2000) that look like code."""
    lines = [ln for ln in text.split("\n")[:2000] if ln.strip()]
    if not lines:
        return 0.0
    return sum(1 for ln in lines if _CODE_LINE.search(ln)) / len(lines)


def language_from_filename(filename: str | None) -> str | None:
    if not filename:
        return None
    return EXTENSIONS.get(PurePath(filename).suffix.lower())


def detect_language(text: str, filename: str | None = None) -> tuple[str | None, float, float]:
    """(language, cue score, code-line ratio). The score is EXTENSION_SCORE for a known
    extension; ``language`` is None when no cue fires."""
    ratio = code_ratio(text)
    by_name = language_from_filename(filename)
    if by_name:
        return by_name, EXTENSION_SCORE, ratio
    sample = text[:200_000]
    scores: dict[str, float] = {}
    for language, cues in CUES.items():
        total = 0.0
        for pattern, weight in cues:
            total += min(len(pattern.findall(sample)), 5) * weight
        scores[language] = total
    # TypeScript is JavaScript plus types; C++ is C plus more.
    if scores["typescript"] > 0:
        scores["typescript"] += scores["javascript"] * 0.8
    if scores["cpp"] > 0:
        scores["cpp"] += scores["c"] * 0.5
    best = max(LANGUAGES, key=lambda name: scores.get(name, 0.0))
    if scores.get(best, 0.0) <= 0:
        return None, 0.0, ratio
    return best, scores[best], ratio
