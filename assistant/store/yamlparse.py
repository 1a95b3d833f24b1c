"""Parsing YAML safely, and without YAML's silent surprises.

PyYAML's ``safe_load`` still keeps the last of two duplicate keys and reads
``no`` as False. Our loader is a ``SafeLoader`` (the C one when available)
that refuses duplicate keys and anchors/aliases (no data file of ours needs
them, and they are how "billion laughs" files blow up), and that reads only
``true``/``false`` as booleans, so a flower called ``no`` stays a string.
It builds plain data only: a date (``2024-02-30`` or ``2024-02-28``) or ``=``
stays text, the tags that build other types (``!!timestamp``, ``!!binary``,
``!!set``, ``!!omap``, ``!!pairs``) are refused, and a value its tag cannot
make (``!!int abc``, ``!!bool maybe``, a number of more than 4,300 digits) is
refused with its line, like any other YAML mistake.
Before anything is built, one pass over the parser's events refuses anchors,
aliases, nesting deeper than ``MAX_DEPTH`` and more than ``MAX_NODES`` values
(a file of nothing but ``[[[[...`` or ``[[], [], ...`` would otherwise take
minutes and gigabytes to build).
"""

from __future__ import annotations

import re
import sys

import yaml

from assistant.engine.errors import DataError, printable, shown
from assistant.engine.i18n import N_, _, integer, ngettext
from assistant.store.limits import MAX_BYTES, MAX_DEPTH, MAX_NODES

_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class StrictLoader(_Base):  # type: ignore[misc, valid-type]
    """SafeLoader that refuses duplicate keys and aliases; yes/no stay strings."""


# Implicit types read as text: YAML 1.1's yes/no/on/off (true/false are put back below), dates,
# and '=' (the 'value' type, which no loader constructs).
AS_TEXT = {"tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:value", "tag:yaml.org,2002:yaml"}


def _without_yes_no(resolvers: dict) -> dict:
    result = {}
    for first, entries in resolvers.items():
        kept = [(tag, regexp) for tag, regexp in entries if tag not in AS_TEXT]
        if first in "tTfF":
            kept.insert(0, ("tag:yaml.org,2002:bool", _TRUE_FALSE))
        result[first] = kept
    return result


_TRUE_FALSE = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
StrictLoader.yaml_implicit_resolvers = _without_yes_no(yaml.SafeLoader.yaml_implicit_resolvers)


def _construct_mapping(loader: yaml.SafeLoader, node: yaml.MappingNode, deep: bool = False) -> dict:
    loader.flatten_mapping(node)
    mapping: dict = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=deep)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, _("a mapping key must be a plain value"), key_node.start_mark
            ) from None
        if key in mapping:
            raise yaml.constructor.ConstructorError(
                None, None, _("duplicate key {key}").format(key=repr(key)), key_node.start_mark
            )
        mapping[key] = loader.construct_object(value_node, deep=deep)
    return mapping


StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def _refuse_tag(loader: yaml.SafeLoader, node: yaml.Node) -> None:
    raise yaml.constructor.ConstructorError(
        None, None, _("{tag}: this tag is not used in data files (write the value as text)")
        .format(tag=node.tag.replace("tag:yaml.org,2002:", "!!")), node.start_mark)


for _tag in ("timestamp", "binary", "set", "omap", "pairs"):  # they build dates, bytes, sets, tuples
    StrictLoader.add_constructor(f"tag:yaml.org,2002:{_tag}", _refuse_tag)


def _checked(construct, expected: str):
    """``construct``, turning a value its tag cannot make (``!!int abc``) into a YAML error at its line."""
    def construct_checked(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> object:  # int, float, bool
        try:
            return construct(loader, node)
        except (ValueError, KeyError, TypeError, AttributeError):
            value = loader.construct_scalar(node)
            digits = sum(character.isdigit() for character in value)
            if expected == "int" and sys.get_int_max_str_digits() and digits > sys.get_int_max_str_digits():
                problem = ngettext("a number of {count} digit (at most {most})",
                                   "a number of {count} digits (at most {most})", digits).format(
                    count=integer(digits), most=integer(sys.get_int_max_str_digits()))
            else:
                problem = _("{tag} {value}: {expected}").format(
                    tag=node.tag.replace("tag:yaml.org,2002:", "!!"), value=shown(value),
                    expected=_(EXPECTED[expected]))
            raise yaml.constructor.ConstructorError(None, None, problem, node.start_mark) from None
    return construct_checked


EXPECTED = {"int": N_("not a whole number"), "float": N_("not a number"), "bool": N_("expected true or false")}
for _tag in EXPECTED:
    StrictLoader.add_constructor(f"tag:yaml.org,2002:{_tag}",
                                 _checked(_Base.yaml_constructors[f"tag:yaml.org,2002:{_tag}"], _tag))


def loads(text: str, source: str) -> object:
    """Parse YAML text; any problem becomes a DataError naming ``source`` and the line."""
    if len(text) > MAX_BYTES:
        raise DataError(ngettext("{path}: file too large ({size} byte; the limit is {limit})",
                                 "{path}: file too large ({size} bytes; the limit is {limit})", len(text))
                        .format(path=source, size=integer(len(text)), limit=integer(MAX_BYTES)))
    head, log_key, steps = _log_tail(text)
    if steps is not None:
        try:
            data = _loads(head, source)
        except DataError:
            data = None  # the whole file, read whole, says where
        # what the whole file would hold: the header's values, the key, the list and its steps
        if isinstance(data, dict) and log_key not in data and _nodes(data) + 2 + len(steps) <= MAX_NODES:
            data[log_key] = steps
            return data
    return _loads(text, source)


def _nodes(data: object) -> int:
    """How many values ``data`` holds, itself included (a small header: read recursively)."""
    if isinstance(data, dict):
        return 1 + sum(_nodes(key) + _nodes(value) for key, value in data.items())
    if isinstance(data, list):
        return 1 + sum(map(_nodes, data))
    return 1


def _loads(text: str, source: str) -> object:
    try:
        _check_events(text, source)
        return yaml.load(text, Loader=StrictLoader)  # noqa: S506 - StrictLoader is a SafeLoader
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = _("line {line}").format(line=mark.line + 1) if mark else _("somewhere")
        raise DataError(f"{source}: {where}: {error.problem or error.context}") from None
    except yaml.YAMLError as error:
        raise DataError(_("{path}: not valid YAML ({problem})").format(path=source, problem=error)) from None


def _check_events(text: str, source: str) -> None:
    """Refuse anchors, aliases and deep nesting from the event stream, before any node is built.

    The C parser cannot be told to refuse aliases or to stop at a depth; its
    events come one at a time, so a hostile file is refused at its first
    offending event, in time and memory bounded by that event's place."""
    depth = nodes = 0
    for event in yaml.parse(text, Loader=_Base):
        if isinstance(event, (yaml.ScalarEvent, yaml.CollectionStartEvent)):
            nodes += 1
            if nodes > MAX_NODES:
                raise DataError(ngettext("{path}: line {line}: more than {most} value (no data file of ours needs as "
                                         "many)", "{path}: line {line}: more than {most} values (no data file of "
                                         "ours needs as many)", MAX_NODES)
                                .format(path=source, line=_line(event), most=integer(MAX_NODES)))
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise DataError(_("{path}: line {line}: anchors and aliases (& and *) are not allowed in data files")
                            .format(path=source, line=_line(event)))
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise DataError(ngettext("{path}: line {line}: nested more than {most} level deep "
                                         "(no data file of ours needs more than a few levels)",
                                         "{path}: line {line}: nested more than {most} levels deep "
                                         "(no data file of ours needs more than a few levels)", MAX_DEPTH)
                                .format(path=source, line=_line(event), most=MAX_DEPTH))
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """A SafeDumper that writes a text holding a control character double-quoted.

    There every such character is either escaped by YAML or, printed through the command
    line's escaping (``errors.printable``), becomes ``\\xNN``/``\\uNNNN``: in double quotes
    the same character again, so a printed export reads back to the same game."""


def _line(event: yaml.Event) -> int:
    """The line an event of the parser starts on, counted from 1 (the parser marks every event)."""
    return event.start_mark.line + 1 if event.start_mark is not None else 0


def _represent_text(dumper, text: str):
    style = '"' if printable(text) != text else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


_Dumper.add_representer(str, _represent_text)


def dumps(data: object) -> str:
    """Write YAML in a stable, readable form (block style, keys in given order).

    A game log's steps (or a scenario's), its last key, are written one per line as PyYAML would write them: the
    plain ones (most) here, any other through PyYAML (``_log_tail`` reads them back the same)."""
    log_key = list(data)[-1] if isinstance(data, dict) and data else None
    steps = data[log_key] if isinstance(data, dict) and log_key in LOG_KEYS else None
    if isinstance(data, dict) and isinstance(steps, list) and steps and all(isinstance(step, str) for step in steps):
        head = {name: value for name, value in data.items() if name != log_key}
        said = _said_by_yaml([step for step in dict.fromkeys(steps) if not _plain(step)])
        if said is not None:
            lines = [said[step] if step in said else f"- {step}\n" for step in steps]
            return (_dump(head) if head else "") + f"{log_key}:\n" + "".join(lines)
    return _dump(data)


def _said_by_yaml(steps: list[str]) -> dict[str, str] | None:
    """How PyYAML writes each of ``steps`` as an item of the log ('- ' and its lines), all in one call;
    None if its text cannot be told apart item by item."""
    if not steps:
        return {}
    items = ("\n" + _dump(steps)).split("\n- ")[1:]  # a step over several lines goes on indented
    if len(items) != len(steps) or not items[-1].endswith("\n"):
        return None
    return {step: f"- {item}\n" for step, item in zip(steps, [*items[:-1], items[-1][:-1]], strict=True)}


def _dump(data: object) -> str:
    return yaml.dump(data, Dumper=_Dumper,
                     sort_keys=False, allow_unicode=True, default_flow_style=False,
                     width=1 << 30)  # never fold a step: a game log keeps one event per line


# A game log ends with its steps, one per line: ``events:`` then ``- STEP`` lines (an exported game, a
# scenario: ``steps:``). Read by PyYAML, 50,000 of them take half a second; these lines are read here
# instead, when every one of them is one of the two forms PyYAML writes for a step (plain, or in single
# quotes), and the rest of the file (its header) by PyYAML. Anything else (a comment, a double-quoted
# step, a step over two lines) and the whole file goes to PyYAML.
LOG_KEYS = ("events", "steps")  # a saved game's log; a scenario's (an exported game's) steps
_PLAIN_ASCII = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 =,._/+-")
# Plain words PyYAML would read as something else than text (booleans, null): written quoted.
_NOT_TEXT = frozenset(["yes", "no", "true", "false", "on", "off", "null", "y", "n"])


# A line '- STEP' that _plain keeps, in ASCII: one regular expression runs over a whole log of them at once
# (checking a long log character by character in Python is slow). The words YAML reads as
# booleans or null are checked apart.
_ASCII_STEP = r"- [A-Za-z](?:[A-Za-z0-9 =,._/+-]*[A-Za-z0-9=,._/+-])?"
_ASCII_STEPS = re.compile(rf"(?:{_ASCII_STEP}\n)*{_ASCII_STEP}")


def _plain(step: str) -> bool:
    """Whether ``step`` is written plain, as PyYAML writes it and reads it back: it starts with a letter,
    holds only letters, digits, blanks (not last) and ``=,._/+-``, and is not a word YAML reads as a
    boolean or null."""
    if not step or not ("a" <= step[0].lower() <= "z") or step[-1] == " ":
        return False
    if " " not in step and step.lower() in _NOT_TEXT:
        return False
    return all(ch > "\x7f" and ch.isalpha() for ch in set(step) - _PLAIN_ASCII)  # each distinct character once


def _quoted(line: str) -> str | None:
    """The text of a single-quoted step (``'trick Ana: 3g'``, a quote doubled inside), or None."""
    inner = line[1:-1]
    if len(line) < 2 or line[0] != "'" or line[-1] != "'" or inner.replace("''", "").count("'"):
        return None
    if not all(" " <= ch <= "~" or (ch > "\xa0" and ch.isprintable()) for ch in inner):
        return None
    return inner.replace("''", "'")


def _log_tail(text: str) -> tuple[str, str, list[str] | None]:
    """A game log's (or a scenario's) header, its last key (``events:``, ``steps:``) and its steps, if every
    line after that key is a step in a form read here; else (text, '', None)."""
    at, log_key = max((text.rfind(f"\n{each}:\n"), each) for each in LOG_KEYS)
    if at < 0 or not text.endswith("\n"):
        return text, "", None
    body = text[at + len(log_key) + 3:-1]
    if _ASCII_STEPS.fullmatch(body):  # every line a plain step of ASCII words (most logs): checked at once
        steps = [line[2:] for line in body.split("\n")]
        if not any(" " not in step and step.lower() in _NOT_TEXT for step in set(steps)):
            return text[:at + 1], log_key, steps
    steps = []
    for line in body.split("\n"):
        if line.startswith("- ") and _plain(line[2:]):
            steps.append(line[2:])
            continue
        quoted = _quoted(line[2:]) if line.startswith("- ") else None
        if quoted is None:
            return text, "", None
        steps.append(quoted)
    return text[:at + 1], log_key, steps


def item_lines(text: str, key: str) -> list[int]:
    """The 1-based line of each item of the top-level list ``key`` (to point at a bad step)."""
    try:
        root = yaml.compose(text, Loader=_Base)
    except yaml.YAMLError:
        return []
    if not isinstance(root, yaml.MappingNode):
        return []
    for key_node, value_node in root.value:
        if getattr(key_node, "value", None) == key and isinstance(value_node, yaml.SequenceNode):
            return [item.start_mark.line + 1 for item in value_node.value]
    return []
