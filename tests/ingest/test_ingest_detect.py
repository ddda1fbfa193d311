"""Detection: data type, domain, programming language and natural language."""

from __future__ import annotations

import ingest_samples as s
import pytest

from actors.ingest.detect import CONTENT_TYPES, detect, parse_content_type
from actors.ingest.types import DataType
from store.errors import UnknownContentType

TABLE = [
    (s.JAVA_SERVICE, DataType.CODE, "software.java", "java", "en"),
    (s.PYTHON_MODULE, DataType.CODE, "software.python", "python", "en"),
    (s.SPANISH_JOURNAL, DataType.PERSONAL, "personal", None, "es"),
    (s.CLINICAL_NOTE, DataType.CLINICAL, "medicine.clinical", None, "en"),
    (s.SPANISH_RECIPE, DataType.PROCESS, "process.cooking", None, "es"),
    (s.NOVEL_CHAPTER, DataType.NARRATIVE, "literature.narrative", None, "en"),
    (s.SHAPELESS_NOTE, DataType.GENERIC, "general", None, "en"),
]


@pytest.mark.parametrize(("text", "data_type", "domain", "language", "lang"), TABLE,
                         ids=[row[2] + "-" + row[1] for row in TABLE])
def test_detection_table(text: str, data_type: DataType, domain: str, language: str | None,
                         lang: str) -> None:
    d = detect(text)
    assert (d.data_type, d.domain, d.language, d.lang) == (data_type, domain, language, lang)
    assert 0.0 <= d.confidence <= 1.0


@pytest.mark.parametrize("turn", [
    "[2026-03-03] user: Mum had a fall in her flat, nothing broken.",
    "2026-08-12: Fuimos a Cádiz de vacaciones, ella estaba feliz.",
    "She said the train was late, so he had to wait an hour.",
])
def test_a_one_line_note_in_the_past_tense_is_no_story(turn: str) -> None:
    assert detect(turn).data_type is not DataType.NARRATIVE


SNIPPETS = {
    "javascript": "const express = require('express');\nconst app = express();\n"
                  "app.get('/', (req, res) => {\n  console.log('hit');\n});\n",
    "typescript": "export interface User {\n  id: number;\n  name: string;\n}\n"
                  "export function greet(u: User): string {\n  return `hi ${u.name}`;\n}\n",
    "go": "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tx := 1\n\tfmt.Println(x)\n}\n",
    "rust": "use std::io;\n\nfn main() {\n    let mut s = String::new();\n"
            "    println!(\"{}\", s);\n}\n",
    "c": "#include <stdio.h>\n\nint main(void) {\n    printf(\"hi\\n\");\n    return 0;\n}\n",
    "cpp": "#include <iostream>\n#include <vector>\n\nint main() {\n"
           "    std::vector<int> v;\n    std::cout << v.size();\n}\n",
    "csharp": "using System;\n\nnamespace Shop\n{\n    public class Item\n    {\n"
              "        public string Name { get; set; }\n    }\n}\n",
    "kotlin": "data class User(val name: String)\n\nfun main() {\n"
              "    val u = User(\"a\")\n    println(u)\n}\n",
    "swift": "import Foundation\n\nfunc greet(name: String) -> String {\n"
             "    guard let first = name.first else { return \"\" }\n    return String(first)\n}\n",
    "php": "<?php\nfunction total($items) {\n    $sum = 0;\n    return $sum;\n}\n",
    "scala": "case class Point(x: Int, y: Int)\n\nobject Main extends App {\n"
             "  def norm(p: Point): Int = p.x + p.y\n}\n",
}


@pytest.mark.parametrize("language", sorted(SNIPPETS))
def test_programming_language_by_content(language: str) -> None:
    d = detect(SNIPPETS[language])
    assert (d.data_type, d.language, d.domain) == (DataType.CODE, language, f"software.{language}")


def test_filename_extension_decides_the_language() -> None:
    d = detect("x = 1\n", filename="src/Main.kt")
    assert (d.data_type, d.language, d.domain) == (DataType.CODE, "kotlin", "software.kotlin")
    assert detect("print(1)\n", filename="tool.py").language == "python"


def test_caller_type_wins_and_domain_is_still_derived() -> None:
    d = detect(s.SPANISH_RECIPE, content_type="PERSONAL")
    assert (d.data_type, d.confidence) == (DataType.PERSONAL, 1.0)
    assert d.domain == "personal.cooking"
    code = detect(s.JAVA_SERVICE, content_type="code")
    assert (code.data_type, code.domain, code.language) == (DataType.CODE, "software.java", "java")


def test_caller_domain_wins_and_type_is_derived() -> None:
    d = detect(s.SHAPELESS_NOTE, domain="medicine.clinical")
    assert (d.data_type, d.domain, d.confidence) == (DataType.CLINICAL, "medicine.clinical", 1.0)
    py = detect(s.SHAPELESS_NOTE, domain="software.python")
    assert (py.data_type, py.language) == (DataType.CODE, "python")
    other = detect(s.NOVEL_CHAPTER, domain="books")
    assert (other.data_type, other.domain, other.confidence) == (
        DataType.NARRATIVE, "books", 1.0,
    )


def test_a_dated_line_is_strong_personal_evidence() -> None:
    plain = "Went to the market and bought bread and some fruit for the week.\n"
    assert detect(plain).data_type is not DataType.PERSONAL
    assert detect("2024-07-22\n" + plain).data_type is DataType.PERSONAL


def test_spanish_detection_is_accent_insensitive() -> None:
    accented = ("Diagnóstico: hipertensión arterial de larga evolución.\n"
                "Tratamiento: enalapril 10 mg cada día.\nLa paciente está estable y sin dolor.\n")
    bare = ("Diagnostico: hipertension arterial de larga evolucion.\n"
            "Tratamiento: enalapril 10 mg cada dia.\nLa paciente esta estable y sin dolor.\n")
    a, b = detect(accented), detect(bare)
    assert a.data_type is b.data_type is DataType.CLINICAL
    assert a.lang == b.lang == "es"


def test_parse_content_type() -> None:
    assert parse_content_type("auto") is None
    assert parse_content_type("AUTO") is None
    assert parse_content_type(" Code ") is DataType.CODE
    assert [parse_content_type(v) for v in CONTENT_TYPES[1:]] == [
        DataType.CODE, DataType.NARRATIVE, DataType.CLINICAL, DataType.PERSONAL,
        DataType.PROCESS, DataType.GENERIC,
    ]
    with pytest.raises(UnknownContentType, match="poetry"):
        parse_content_type("poetry")
    with pytest.raises(UnknownContentType):
        detect("hello", content_type="spreadsheet")
