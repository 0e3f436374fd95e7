"""A small, safe expression language for lesson placeholders.

No Python ``eval``: the text is tokenised and parsed into a tiny tree, and
evaluation only looks up names in an environment the caller provides, reads
whitelisted attributes and calls :class:`Function` objects from that
environment. Arguments may be literals, lists or other expressions.

Grammar (lowest precedence first)::

    expr    := or ('|' NAME ['(' args ')'])*          filters
    or      := and ('or' and)*
    and     := not ('and' not)*
    not     := 'not' not | cmp
    cmp     := sum [('=='|'!='|'<'|'<='|'>'|'>='|'in') sum]
    sum     := term (('+'|'-') term)*
    term    := unary (('*'|'/'|'//'|'%') unary)*
    unary   := '-' unary | postfix
    postfix := atom ('.' NAME | '[' expr ']' | '(' args ')')*
    atom    := NUMBER | STRING | true | false | null | NAME | '(' expr ')' | '[' [expr (',' expr)*] ']'

>>> env = {"x": 3, "double": Function("double", lambda n: 2 * n)}
>>> evaluate(parse("double(x) + 1"), env)
7
>>> evaluate(parse("[1, 2][0] == 1 and not false"), env)
True
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sanma_core.errors import SanmaError


class ExpressionError(SanmaError):
    """A placeholder expression that cannot be parsed or evaluated; the message names it."""


@dataclass(frozen=True)
class Function:
    """A callable the expression language may call (engine functions and filters)."""

    name: str
    func: Callable[..., Any]

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.func(*args, **kwargs)


# ---- tokens ---------------------------------------------------------------

_TOKEN = re.compile(
    r"""\s*(?:
        (?P<number>\d+(?:\.\d+)?)
      | (?P<string>"[^"\\]*"|'[^'\\]*')
      | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
      | (?P<op>==|!=|<=|>=|//|[-+*/%<>|.,()\[\]=])
    )""",
    re.VERBOSE,
)
_KEYWORDS = {"and", "or", "not", "in", "true", "false", "null"}


@dataclass(frozen=True)
class Token:
    kind: str  # number, string, name, op, end
    text: str
    pos: int


def tokenize(source: str) -> list[Token]:
    tokens: list[Token] = []
    pos = 0
    while pos < len(source):
        if source[pos:].strip() == "":
            break
        m = _TOKEN.match(source, pos)
        if not m or m.end() == pos:
            bad = source[pos:].lstrip()[:1]
            raise ExpressionError(f"unexpected character {bad!r} in {source!r}")
        kind = m.lastgroup or "op"
        tokens.append(Token(kind, m.group(kind), m.start(kind)))
        pos = m.end()
    tokens.append(Token("end", "", len(source)))
    return tokens


# ---- tree -------------------------------------------------------------------

@dataclass(frozen=True)
class Literal:
    value: Any


@dataclass(frozen=True)
class Name:
    name: str


@dataclass(frozen=True)
class ListOf:
    items: tuple[Any, ...]


@dataclass(frozen=True)
class Attr:
    target: Any
    name: str


@dataclass(frozen=True)
class Index:
    target: Any
    index: Any


@dataclass(frozen=True)
class Call:
    target: Any
    args: tuple[Any, ...]
    kwargs: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Unary:
    op: str
    operand: Any


@dataclass(frozen=True)
class Binary:
    op: str
    left: Any
    right: Any


@dataclass(frozen=True)
class Filter:
    name: str
    target: Any
    args: tuple[Any, ...]
    kwargs: tuple[tuple[str, Any], ...]


class _Parser:
    def __init__(self, source: str) -> None:
        self.source = source
        self.tokens = tokenize(source)
        self.i = 0

    # helpers
    def peek(self) -> Token:
        return self.tokens[self.i]

    def take(self) -> Token:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def accept(self, text: str) -> bool:
        tok = self.peek()
        if tok.kind in ("op", "name") and tok.text == text:
            self.i += 1
            return True
        return False

    def expect(self, text: str) -> None:
        if not self.accept(text):
            self.fail(f"expected {text!r}")

    def fail(self, message: str) -> None:
        tok = self.peek()
        where = "at the end" if tok.kind == "end" else f"at {tok.text!r} (position {tok.pos})"
        raise ExpressionError(f"{message} {where} in {self.source!r}")

    # grammar
    def parse(self) -> Any:
        node = self.expr()
        if self.peek().kind != "end":
            self.fail("unexpected text")
        return node

    def expr(self) -> Any:
        node = self.or_()
        while self.accept("|"):
            tok = self.take()
            if tok.kind != "name" or tok.text in _KEYWORDS:
                self.i -= 1
                self.fail("expected a filter name")
            args: tuple[Any, ...] = ()
            kwargs: tuple[tuple[str, Any], ...] = ()
            if self.accept("("):
                args, kwargs = self.arguments()
            node = Filter(tok.text, node, args, kwargs)
        return node

    def or_(self) -> Any:
        node = self.and_()
        while self.accept("or"):
            node = Binary("or", node, self.and_())
        return node

    def and_(self) -> Any:
        node = self.not_()
        while self.accept("and"):
            node = Binary("and", node, self.not_())
        return node

    def not_(self) -> Any:
        if self.accept("not"):
            return Unary("not", self.not_())
        return self.comparison()

    def comparison(self) -> Any:
        node = self.sum()
        tok = self.peek()
        if tok.text in ("==", "!=", "<", "<=", ">", ">=", "in") and tok.kind in ("op", "name"):
            self.take()
            node = Binary(tok.text, node, self.sum())
        return node

    def sum(self) -> Any:
        node = self.term()
        while self.peek().kind == "op" and self.peek().text in ("+", "-"):
            op = self.take().text
            node = Binary(op, node, self.term())
        return node

    def term(self) -> Any:
        node = self.unary()
        while self.peek().kind == "op" and self.peek().text in ("*", "/", "//", "%"):
            op = self.take().text
            node = Binary(op, node, self.unary())
        return node

    def unary(self) -> Any:
        if self.accept("-"):
            return Unary("-", self.unary())
        return self.postfix()

    def postfix(self) -> Any:
        node = self.atom()
        while True:
            if self.accept("."):
                tok = self.take()
                if tok.kind != "name":
                    self.i -= 1
                    self.fail("expected an attribute name")
                node = Attr(node, tok.text)
            elif self.accept("["):
                node = Index(node, self.expr())
                self.expect("]")
            elif self.accept("("):
                args, kwargs = self.arguments()
                node = Call(node, args, kwargs)
            else:
                return node

    def arguments(self) -> tuple[tuple[Any, ...], tuple[tuple[str, Any], ...]]:
        args: list[Any] = []
        kwargs: list[tuple[str, Any]] = []
        if self.accept(")"):
            return (), ()
        while True:
            tok, nxt = self.peek(), self.tokens[self.i + 1]
            if tok.kind == "name" and nxt.kind == "op" and nxt.text == "=":
                self.i += 2
                if any(k == tok.text for k, _ in kwargs):
                    self.fail(f"argument {tok.text!r} given twice")
                kwargs.append((tok.text, self.expr()))
            else:
                if kwargs:
                    self.fail("positional argument after a keyword argument")
                args.append(self.expr())
            if self.accept(")"):
                return tuple(args), tuple(kwargs)
            self.expect(",")

    def atom(self) -> Any:
        tok = self.take()
        if tok.kind == "number":
            return Literal(float(tok.text) if "." in tok.text else int(tok.text))
        if tok.kind == "string":
            return Literal(tok.text[1:-1])
        if tok.kind == "name":
            if tok.text == "true":
                return Literal(True)
            if tok.text == "false":
                return Literal(False)
            if tok.text == "null":
                return Literal(None)
            if tok.text in _KEYWORDS:
                self.i -= 1
                self.fail("unexpected keyword")
            return Name(tok.text)
        if tok.kind == "op" and tok.text == "(":
            node = self.expr()
            self.expect(")")
            return node
        if tok.kind == "op" and tok.text == "[":
            items: list[Any] = []
            if not self.accept("]"):
                while True:
                    items.append(self.expr())
                    if self.accept("]"):
                        break
                    self.expect(",")
            return ListOf(tuple(items))
        self.i -= 1
        self.fail("expected a value")
        raise AssertionError  # unreachable


def parse(source: str) -> Any:
    """Parse an expression into a tree; raises :class:`ExpressionError` naming the problem."""
    if not isinstance(source, str) or not source.strip():
        raise ExpressionError("empty expression")
    return _Parser(source).parse()


# ---- evaluation -------------------------------------------------------------

#: Types whose public attributes an expression may read (besides mappings).
_readable_types: list[type] = []


def allow_attributes(cls: type) -> type:
    """Class decorator: let expressions read the public fields of this type."""
    _readable_types.append(cls)
    return cls


def _get_attr(value: Any, name: str) -> Any:
    if name.startswith("_"):
        raise ExpressionError(f"attribute {name!r} is not readable")
    if isinstance(value, Mapping):
        if name in value:
            return value[name]
        raise ExpressionError(f"no field {name!r}; known: {', '.join(map(str, value))}")
    if isinstance(value, tuple(_readable_types)):
        public = {f.name for f in dataclasses.fields(value)} if dataclasses.is_dataclass(value) else set()
        public |= set(getattr(type(value), "EXPRESSION_ATTRIBUTES", ()))
        if name in public:
            return getattr(value, name)
        raise ExpressionError(f"{type(value).__name__} has no field {name!r}; known: {', '.join(sorted(public))}")
    raise ExpressionError(f"cannot read {name!r} of a {type(value).__name__}")


def _binary(op: str, left: Any, right: Any) -> Any:
    try:
        if op == "+":
            return left + right
        if op == "-":
            return left - right
        if op == "*":
            return left * right
        if op == "/":
            result = left / right
            return int(result) if float(result).is_integer() else result
        if op == "//":
            return left // right
        if op == "%":
            return left % right
        if op == "==":
            return left == right
        if op == "!=":
            return left != right
        if op == "<":
            return left < right
        if op == "<=":
            return left <= right
        if op == ">":
            return left > right
        if op == ">=":
            return left >= right
        if op == "in":
            return left in right
    except (TypeError, ZeroDivisionError) as exc:
        raise ExpressionError(f"cannot compute {left!r} {op} {right!r}: {exc}") from None
    raise ExpressionError(f"unknown operator {op!r}")


def _call(func: Any, args: list[Any], kwargs: dict[str, Any], label: str) -> Any:
    if not isinstance(func, Function):
        raise ExpressionError(f"{label} is not a function")
    try:
        return func(*args, **kwargs)
    except ExpressionError:
        raise
    except (TypeError, ValueError, KeyError, IndexError) as exc:  # wrong arguments written in a lesson
        raise ExpressionError(f"{func.name}(): {exc}") from None


def evaluate(node: Any, env: Mapping[str, Any], filters: Mapping[str, Function] | None = None) -> Any:
    """Evaluate a parsed expression against ``env`` (names) and ``filters``."""
    ev = lambda n: evaluate(n, env, filters)  # noqa: E731
    if isinstance(node, Literal):
        return node.value
    if isinstance(node, Name):
        if node.name not in env:
            raise ExpressionError(f"unknown name {node.name!r}")
        return env[node.name]
    if isinstance(node, ListOf):
        return [ev(item) for item in node.items]
    if isinstance(node, Attr):
        return _get_attr(ev(node.target), node.name)
    if isinstance(node, Index):
        target, index = ev(node.target), ev(node.index)
        try:
            return target[index]
        except (TypeError, KeyError, IndexError) as exc:
            raise ExpressionError(f"cannot index {target!r} with {index!r}: {exc}") from None
    if isinstance(node, Call):
        label = node.target.name if isinstance(node.target, Name) else "the called value"
        return _call(ev(node.target), [ev(a) for a in node.args], {k: ev(v) for k, v in node.kwargs}, label)
    if isinstance(node, Filter):
        table = filters or {}
        if node.name not in table:
            raise ExpressionError(f"unknown filter {node.name!r}; known: {', '.join(sorted(table))}")
        args = [ev(node.target), *(ev(a) for a in node.args)]
        return _call(table[node.name], args, {k: ev(v) for k, v in node.kwargs}, node.name)
    if isinstance(node, Unary):
        value = ev(node.operand)
        if node.op == "not":
            return not value
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ExpressionError(f"cannot negate {value!r}")
        return -value
    if isinstance(node, Binary):
        if node.op == "and":
            left = ev(node.left)
            return ev(node.right) if left else left
        if node.op == "or":
            left = ev(node.left)
            return left if left else ev(node.right)
        return _binary(node.op, ev(node.left), ev(node.right))
    raise ExpressionError(f"cannot evaluate {node!r}")


def names_used(node: Any) -> set[str]:
    """Every bare name an expression refers to (for static checks)."""
    found: set[str] = set()

    def walk(n: Any) -> None:
        if isinstance(n, Name):
            found.add(n.name)
        elif dataclasses.is_dataclass(n):
            for f in dataclasses.fields(n):
                walk(getattr(n, f.name))
        elif isinstance(n, tuple | list):
            for item in n:
                walk(item)

    walk(node)
    return found


def filters_used(node: Any) -> set[str]:
    """Every filter name an expression applies."""
    found: set[str] = set()

    def walk(n: Any) -> None:
        if isinstance(n, Filter):
            found.add(n.name)
        if dataclasses.is_dataclass(n) and not isinstance(n, Literal):
            for f in dataclasses.fields(n):
                walk(getattr(n, f.name))
        elif isinstance(n, tuple | list):
            for item in n:
                walk(item)

    walk(node)
    return found
