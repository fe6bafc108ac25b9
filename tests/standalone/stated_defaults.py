#!/usr/bin/env python3
"""Checks that the documents state the config's defaults truly.

Usage: stated_defaults.py ROOT        checks ROOT's README.md and docs/*.md; exit 1 naming each
                                      statement that disagrees with the config
       stated_defaults.py --self-test runs the check on a scratch text (it must catch a drift)

A statement is a config key in backquotes followed by a number or true/false, as the documents
write them: "`training.checkpoint_every_steps` (50)", "`run.time_budget_minutes` 20",
"`evaluation.gating_threshold`: 0.55". Its value must be the key's value in configs/default.yaml
(which a ctest holds equal to the schema, config/config_schema.cpp), or, in docs/gpu.md, in
configs/gpu.yaml over it. The notebook (docs/experiments.md) records past settings and is not
read. Statements that name another value on purpose (a condition, not a default) are listed in
OTHER_VALUES.
"""
import glob
import os
import re
import sys

import yaml

# (document, key, value) stated on purpose with another value than the default.
OTHER_VALUES = {
    ("docs/training-records.md", "selfplay.gumbel", "false"),  # "with PUCT (... false)"
    ("docs/training.md", "model.fast_value_channels", "0"),  # "a config without a fast head"
}
# Documents that describe another preset: its keys over the defaults.
PRESETS = {"docs/gpu.md": "configs/gpu.yaml"}

STATEMENT = re.compile(
    r"`([a-z_]+\.[a-z_0-9]+)`(?: is| of|:| =)? \(?(?:default )?`?"
    r"(-?[0-9][0-9,]*(?:\.[0-9]+)?|true|false)`?(?=[\s,;.)]|$)")


def flatten(config):
    return {f"{section}.{key}": value for section, keys in (config or {}).items()
            for key, value in (keys or {}).items()}


def same(value, text):
    text = text.replace(",", "")
    if isinstance(value, bool):
        return str(value).lower() == text.lower()
    try:
        return float(value) == float(text)
    except (TypeError, ValueError):
        return str(value) == text


def check(texts, defaults, presets):
    """texts: {document: text}; returns the lines that disagree and how many were checked."""
    problems, checked = [], 0
    for document, text in sorted(texts.items()):
        config = dict(defaults)
        config.update(presets.get(document, {}))
        for number, line in enumerate(text.splitlines(), 1):
            for match in STATEMENT.finditer(line):
                key, stated = match.group(1), match.group(2)
                if key not in config or (document, key, stated) in OTHER_VALUES:
                    continue
                checked += 1
                if not same(config[key], stated):
                    problems.append(f"{document}:{number}: says `{key}` {stated}, but its value is "
                                    f"{config[key]}: state the value the config has")
    return problems, checked


def load(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return f.read()


def main():
    if sys.argv[1:] == ["--self-test"]:
        defaults = {"run.time_budget_minutes": 20, "selfplay.gumbel": True}
        good = {"README.md": "for `run.time_budget_minutes` (20) minutes"}
        bad = {"README.md": "for `run.time_budget_minutes` 30, with `selfplay.gumbel` false."}
        if check(good, defaults, {})[0] or len(check(bad, defaults, {})[0]) != 2:
            sys.exit("self-test failed: the check misses a drift or flags a true statement")
        print("the check catches both drifts and passes the true statement")
        return
    root = sys.argv[1]
    defaults = flatten(yaml.safe_load(load(root, "configs/default.yaml")))
    presets = {document: flatten(yaml.safe_load(load(root, preset)))
               for document, preset in PRESETS.items()}
    documents = ["README.md"] + [os.path.relpath(p, root)
                                 for p in sorted(glob.glob(os.path.join(root, "docs", "*.md")))]
    texts = {d: load(root, d) for d in documents if d != "docs/experiments.md"}
    problems, checked = check(texts, defaults, presets)
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(1)
    print(f"{checked} statements of config values in {len(texts)} documents agree")


if __name__ == "__main__":
    main()
