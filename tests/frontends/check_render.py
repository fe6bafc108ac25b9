#!/usr/bin/python3
"""Checks `zertz render` output: an SVG must parse as XML with an <svg> root holding the rings;
an HTML viewer must parse as HTML with balanced elements, and the game data in its script must
be JSON whose every position is SVG that parses as XML.  Usage: check_render.py FILE...
"""
import html.parser
import json
import re
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
VOID = {"meta", "br", "img", "input", "link", "hr"}


def check_svg_text(text, where):
    root = ET.fromstring(text)
    if root.tag != SVG + "svg":
        sys.exit(f"{where}: the root element is {root.tag}, not svg")
    circles = root.findall(f".//{SVG}circle")
    labels = [t.text for t in root.findall(f".//{SVG}text")]
    if len(circles) < 37 or "a1" not in labels:
        sys.exit(f"{where}: {len(circles)} circles and labels {labels[:5]}...: no board")
    return labels


class Balanced(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.open, self.scripts, self.ids = [], [], set()

    def handle_starttag(self, tag, attrs):
        self.ids.update(value for name, value in attrs if name == "id")
        if tag not in VOID:
            self.open.append(tag)

    def handle_endtag(self, tag):
        if not self.open or self.open.pop() != tag:
            sys.exit(f"unbalanced </{tag}>")

    def handle_data(self, data):
        if self.open and self.open[-1] == "script":
            self.scripts.append(data)


def check_html(path):
    text = open(path, encoding="utf-8").read()
    if not text.startswith("<!DOCTYPE html>"):
        sys.exit(f"{path}: no doctype")
    parser = Balanced()
    parser.feed(text)
    parser.close()
    if parser.open:
        sys.exit(f"{path}: unclosed {parser.open}")
    missing = {"board", "turn", "captured", "stocks", "first", "prev", "next", "last"} - parser.ids
    if missing:
        sys.exit(f"{path}: missing elements {missing}")
    match = re.search(r"const GAME = (.*);\n", "".join(parser.scripts))
    game = json.loads(match.group(1))
    for i, step in enumerate(game["steps"]):
        check_svg_text(step["svg"], f"{path} step {i}")
    if len(game["steps"]) != len(game["items"]) + 1:
        sys.exit(f"{path}: {len(game['steps'])} steps for {len(game['items'])} turns")
    print(f"{path}: HTML ok, {len(game['items'])} turns, every step's SVG parses")


for path in sys.argv[1:]:
    if path.endswith(".svg"):
        check_svg_text(open(path, encoding="utf-8").read(), path)
        print(f"{path}: SVG ok")
    else:
        check_html(path)
