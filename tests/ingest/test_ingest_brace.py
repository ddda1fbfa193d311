"""Brace languages: braces inside strings, chars, comments, templates and #define lines do not
cut declarations; large classes split into members titled Class.member."""

from __future__ import annotations

from ingest_samples import JAVA_SERVICE

from actors.ingest.chunkers import chunk
from actors.ingest.types import DataType, Detection


def code(language: str) -> Detection:
    return Detection(DataType.CODE, f"software.{language}", 1.0, language, "en")


def one_per_block(text: str, language: str) -> list[tuple[str | None, str]]:
    chunks = chunk(text, code(language), target_tokens=1, max_tokens=10_000, min_tokens=0)
    assert "".join(c.text for c in chunks) == text
    return [(c.symbol, c.kind) for c in chunks]


JS = r'''import { api } from "./api";
import util from "./util";

const OPEN = "{", CLOSE = '}';
const tpl = `a ${ {k: "}"}.k } b ${`inner ${x + "}"} {`} }`;

// a comment with an unmatched { brace
export function load(id) {
  const re = /[}]+/g, half = id / 2;
  return api.get(`/items/${id}}`).then((r) => { return r; });
}

/* block { comment */
export class Store {
  add(item) {
    this.items.push("}");
  }
}
'''


def test_javascript_braces_in_strings_templates_regex_and_comments() -> None:
    assert one_per_block(JS, "javascript") == [
        (None, "imports"), ("OPEN", "statement"), ("tpl", "statement"), ("load", "function"),
        ("Store", "class"),
    ]


C = r'''#include <stdio.h>
#include "local.h"
#define OPEN {
#define LONG_MACRO(x) \
    do { x; \
    } while (0)

static const char *s = "}{\"}";
char c = '{';

/* main } */
int main(void)
{
    printf("%s %c }\n", s, c);
    return 0;
}

struct point { int x; int y; };
'''


def test_c_preprocessor_strings_and_chars() -> None:
    symbols = one_per_block(C, "c")
    assert symbols[0] == (None, "imports")
    assert ("main", "function") in symbols
    assert symbols[-1] == ("point", "class")
    chunks = chunk(C, code("c"), target_tokens=1, max_tokens=10_000, min_tokens=0)
    main = next(c for c in chunks if c.symbol == "main")
    assert main.text.startswith("/* main } */\nint main(void)\n{")
    assert main.text.rstrip().endswith("}")


RUST = r'''use std::fmt;

/// Doc comment with }
pub struct Wrapper<'a> { inner: &'a str }

impl<'a> fmt::Display for Wrapper<'a> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, r#"raw "}" string"#)?;
        write!(f, "{}", '}')
    }
}

fn main() { /* nested /* comment { */ still } */ println!("{}", "x"); }
'''


def test_rust_raw_strings_lifetimes_and_nested_comments() -> None:
    assert one_per_block(RUST, "rust") == [
        (None, "imports"), ("Wrapper", "class"), ("Wrapper", "class"), ("main", "function"),
    ]


GO = '''package main

import (
\t"fmt"
)

type Server struct {
\tname string
}

func (s *Server) Handle() {
\tfmt.Println(`raw } string`, '}')
}
'''


def test_go_raw_strings_and_receivers() -> None:
    assert one_per_block(GO, "go") == [
        (None, "imports"), ("Server", "class"), ("Handle", "function"),
    ]


def test_java_top_level_class_is_one_block_and_large_class_splits_into_members() -> None:
    whole = chunk(JAVA_SERVICE, code("java"), target_tokens=1, max_tokens=10_000, min_tokens=0)
    assert [(c.symbol, c.kind) for c in whole] == [(None, "imports"), ("OrderService", "class")]
    assert whole[1].text.startswith("/**")  # the Javadoc and @Service stay with the class

    parts = chunk(JAVA_SERVICE, code("java"), target_tokens=1, max_tokens=60, min_tokens=0)
    assert "".join(c.text for c in parts) == JAVA_SERVICE
    symbols = [c.symbol for c in parts]
    assert symbols[:2] == [None, "OrderService"]
    assert parts[1].kind == "header" and parts[1].text.rstrip().endswith("{")
    for name in ("repository", "OPEN", "place", "cancel"):
        assert f"OrderService.{name}" in symbols
    place = next(c for c in parts if c.symbol == "OrderService.place")
    assert place.text.lstrip().startswith("@Transactional")
    assert "class OrderService" in place.title
    assert parts[-1].text.endswith("    }\n}\n")  # the closing brace rides with the last member


def test_oversized_member_is_flagged_not_cut() -> None:
    body = "".join(f"        total += {i};\n" for i in range(200))
    source = ("class Big {\n    int sum() {\n        int total = 0;\n" + body
              + "        return total;\n    }\n}\n")
    chunks = chunk(source, code("java"), target_tokens=50, max_tokens=100, min_tokens=0)
    assert "".join(c.text for c in chunks) == source
    big = [c for c in chunks if c.oversized]
    assert len(big) == 1 and big[0].symbol == "Big.sum"
    assert big[0].oversize_reason and "max_tokens 100" in big[0].oversize_reason
