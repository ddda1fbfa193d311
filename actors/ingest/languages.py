"""Which programming language is this source in, and how code-like is it at all?

By file extension when a filename is given, else by weighted content cues per language. Pure
regex scoring: never executes, parses or imports the code.
"""

from __future__ import annotations

import re
from pathlib import PurePath

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
CUES: dict[str, list[tuple[re.Pattern[str], float]]] = {
    "python": [
        (re.compile(r"^[ \t]*(?:async\s+)?def \w+\(.*\)\s*(?:->\s*[^:]+)?:\s*$", _M), 3),
        (re.compile(r"^[ \t]*(?:from [\w.]+ )?import [\w., ]+$", _M), 2),
        (re.compile(r"\bself\.\w+"), 1),
        (re.compile(r"^[ \t]*class \w+(?:\([^)]*\))?:\s*$", _M), 3),
        (re.compile(r"^[ \t]*(?:elif .*|else|try|finally|except[^:]*):\s*$", _M), 2),
        (re.compile(r"\b__[A-Za-z]\w{0,40}?__\b"), 1),
        (re.compile(r"^[ \t]*@\w+(?:\.\w+)*(?:\(.*\))?\s*$", _M), 0.5),
        (re.compile(r'"""'), 1),
    ],
    "java": [
        (re.compile(r"\bpublic\s+(?:final\s+|abstract\s+)?class\b"), 3),
        (re.compile(r"^[ \t]*package\s+[\w.]+;", _M), 4),
        (re.compile(r"^[ \t]*import\s+(?:static\s+)?(?:java|javax|org|com)\.[\w.*]+;", _M), 4),
        (re.compile(r"@Override|@Autowired|@Service|@Transactional|@Entity"), 2),
        (re.compile(r"\bprivate\s+final\s+\w+"), 2),
        (re.compile(r"\bSystem\.out\.print"), 3),
        (re.compile(r"\b(?:public|private|protected)\s+(?:static\s+)?"
                    r"[\w<>\[\], ]{1,80}?\s\w+\s*\("), 2),
        (re.compile(r"\bthrows\s+\w+"), 2),
        (re.compile(r"\bnew\s+\w+(?:<[^>]*>)?\("), 0.5),
    ],
    "kotlin": [
        (re.compile(r"^[ \t]*(?:override\s+|private\s+|suspend\s+)*fun\s+\w+\s*\(", _M), 3),
        (re.compile(r"\bdata class\b"), 3),
        (re.compile(r"^[ \t]*(?:val|var)\s+\w+\s*(?::\s*\w+)?\s*=", _M), 1),
        (re.compile(r"^[ \t]*import\s+(?:kotlinx?|android)\.", _M), 4),
        (re.compile(r"\bprintln\("), 1),
        (re.compile(r"\bcompanion object\b|\bwhen\s*\(|\?\.let\b"), 2),
    ],
    "scala": [
        (re.compile(r"^[ \t]*(?:case\s+)?class\s+\w+\(", _M), 1),
        (re.compile(r"\bcase class\b|\bsealed trait\b|\bextends App\b"), 3),
        (re.compile(r"^[ \t]*object\s+\w+", _M), 2),
        (re.compile(r"^[ \t]*import\s+scala\.", _M), 4),
        (re.compile(r"^[ \t]*def\s+\w+(?:\[[^\]\n]{0,80}\])?"
                    r"\([^)\n]{0,200}\)\s*:\s*\w+[^\n=]{0,80}=", _M),
         3),
        (re.compile(r"\bimplicit\b|=>\s*\{?\s*$", _M), 1),
    ],
    "swift": [
        (re.compile(r"^[ \t]*import\s+(?:UIKit|Foundation|SwiftUI|Combine)\b", _M), 4),
        (re.compile(r"^[ \t]*(?:@\w+\s+)*(?:public\s+|private\s+|static\s+)*"
                    r"func\s+\w+\s*\(", _M), 3),
        (re.compile(r"\bguard\s+let\b|\bif\s+let\b"), 3),
        (re.compile(r"^[ \t]*(?:let|var)\s+\w+\s*:\s*\w+", _M), 1),
        (re.compile(r"\bstruct\s+\w+\s*:\s*View\b|\b@State\b"), 3),
    ],
    "go": [
        (re.compile(r"^package\s+\w+\s*$", _M), 4),
        (re.compile(r"^func\s+(?:\(\w+\s+\*?\w+\)\s+)?\w+\(", _M), 3),
        (re.compile(r":="), 1),
        (re.compile(r"^import\s+\($", _M), 3),
        (re.compile(r"\bfmt\.\w+\(|\berr\s*!=\s*nil\b"), 3),
        (re.compile(r"\bchan\b|\bgo func\b|\bdefer\b"), 1),
    ],
    "rust": [
        (re.compile(r"^[ \t]*(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?fn\s+\w+", _M), 3),
        (re.compile(r"\blet\s+mut\b"), 3),
        (re.compile(r"^[ \t]*impl\b", _M), 3),
        (re.compile(r"^[ \t]*use\s+[\w:]+(?:::\{[^}]*\})?;", _M), 3),
        (re.compile(r"\bprintln!|\bvec!|\bformat!|#\[derive"), 3),
        (re.compile(r"&mut\b|->\s*Result<|Option<"), 2),
    ],
    "c": [
        (re.compile(r"^[ \t]*#\s*include\s*<\w+\.h>", _M), 4),
        (re.compile(r"\bint\s+main\s*\("), 2),
        (re.compile(r"\bprintf\s*\(|\bmalloc\s*\(|\bfree\s*\(|\bsizeof\b"), 2),
        (re.compile(r"^[ \t]*#\s*define\s+\w+", _M), 2),
        (re.compile(r"^[ \t]*(?:static\s+)?(?:struct\s+\w+|int|void|char|unsigned|long)"
                    r"\s*\*?\s*\w+\s*\([^;]*\)\s*\{?\s*$", _M), 1),
    ],
    "cpp": [
        (re.compile(r"^[ \t]*#\s*include\s*"
                    r"<(?:iostream|vector|string|memory|map|algorithm)>", _M), 5),
        (re.compile(r"\bstd::\w+"), 3),
        (re.compile(r"\btemplate\s*<"), 3),
        (re.compile(r"^[ \t]*namespace\s+\w+\s*\{", _M), 2),
        (re.compile(r"\bnullptr\b|\bcout\b|\bconstexpr\b"), 2),
        (re.compile(r"\b\w{1,60}::\w{1,60}\s*\("), 1),
    ],
    "csharp": [
        (re.compile(r"^[ \t]*using\s+System(?:\.[\w.]+)?;", _M), 5),
        (re.compile(r"^[ \t]*namespace\s+[\w.]+\s*[;{]?\s*$", _M), 2),
        (re.compile(r"\bConsole\.Write"), 3),
        (re.compile(r"\{\s*get;\s*(?:set;|init;)?\s*\}"), 4),
        (re.compile(r"\basync\s+Task\b|\bpublic\s+(?:static\s+)?(?:async\s+)?"
                    r"(?:Task|void|string|int)\s+[A-Z]\w*\("), 2),
    ],
    "php": [
        (re.compile(r"<\?php"), 8),
        (re.compile(r"\$this->"), 3),
        (re.compile(r"\$\w+\s*=[^=]"), 1),
        (re.compile(r"\bfunction\s+\w+\s*\(\s*(?:[\w?]+\s+)?\$"), 3),
        (re.compile(r"\becho\s+"), 1),
    ],
    "javascript": [
        (re.compile(r"\bfunction\s*\w*\s*\("), 2),
        (re.compile(r"^[ \t]*(?:export\s+)?(?:const|let|var)\s+\w+\s*=", _M), 1.5),
        (re.compile(r"=>"), 1),
        (re.compile(r"\brequire\(['\"]|\bmodule\.exports\b"), 3),
        (re.compile(r"\bconsole\.log\(|\bdocument\.\w+|\bwindow\.\w+"), 3),
        (re.compile(r"^[ \t]*import\s+.*\s+from\s+['\"]", _M), 3),
        (re.compile(r"^[ \t]*export\s+(?:default\s+)?"
                    r"(?:async\s+)?(?:function|class|const)\b", _M), 2),
        (re.compile(r"===|!=="), 1),
    ],
    "typescript": [
        (re.compile(r":\s*(?:string|number|boolean|void|any|unknown|never)\b"), 2),
        (re.compile(r"^[ \t]*(?:export\s+)?interface\s+\w+", _M), 3),
        (re.compile(r"^[ \t]*(?:export\s+)?type\s+\w+\s*=", _M), 3),
        (re.compile(r"\bprivate\s+readonly\b|\bimplements\s+\w+|\bas\s+const\b"), 2),
        (re.compile(r"\):\s*Promise<"), 3),
    ],
}

_CODE_LINE = re.compile(
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
