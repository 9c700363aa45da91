#!/usr/bin/env python3
"""Prints the functions of one binary that callgrind saw run, first seen first, for lld's --symbol-ordering-file.

Usage: startup-order.py BINARY_NAME NM_LISTING CALLGRIND_OUT...
Names are mangled (run callgrind with --demangle=no); callgrind's recursion suffixes ('2) are dropped, and so are
addresses without a symbol. So are names that several local symbols share (NM_LISTING is `nm --defined-only` of
the binary): lld would move every section holding one of them, scattering the functions that did run.
"""
import re
import sys

ENTRY = re.compile(r"\((\d+)\)(?: (.*))?")


def functions(path, binary):
    objects, names = {}, {}
    current_object = called_object = None

    def name(table, text):
        match = ENTRY.match(text)
        if not match:
            return text
        if match.group(2) is not None:
            table[match.group(1)] = match.group(2)
        return table.get(match.group(1))

    for line in open(path, errors="replace"):
        line = line.rstrip("\n")
        key, _, value = line.partition("=")
        if key == "ob":
            current_object = name(objects, value)
        elif key == "cob":
            called_object = name(objects, value)
        elif key in ("fn", "cfn"):
            function = name(names, value)
            owner = (called_object or current_object) if key == "cfn" else current_object
            if key == "cfn":
                called_object = None
            if owner and owner.endswith("/" + binary) and function and not function.startswith("0x"):
                yield re.sub(r"'\d+$", "", function)


definitions = {}
for line in open(sys.argv[2], errors="replace"):
    parts = line.split()
    if len(parts) == 3:
        definitions[parts[2]] = definitions.get(parts[2], 0) + 1
seen = set()
for path in sys.argv[3:]:
    for function in functions(path, sys.argv[1]):
        if function not in seen and definitions.get(function) == 1:
            seen.add(function)
            print(function)
