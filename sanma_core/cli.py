"""The ``sanma`` command: dispatches to one module per sub-command.

Engine sub-commands live in :mod:`sanma_core.commands`; packages above the
engine (drills, the course) register theirs under the ``sanma.commands``
entry-point group, so the engine never imports them.
"""

from __future__ import annotations

import importlib
import sys

ENGINE_COMMANDS = {
    "analyze": ("sanma_core.commands.analyze", "shape of a hand: shanten, waits, useful tiles"),
    "score": ("sanma_core.commands.score", "value of a winning hand: yaku, fu, payments"),
    "replay": ("sanma_core.commands.replay", "verify a game record (mjai, tenhou.net/6 JSON, mjlog XML)"),
    "review": ("sanma_core.commands.review", "review a game record hand by hand"),
    "agree": ("sanma_core.commands.agree", "how often a bot chooses what real players chose"),
    "simulate": ("sanma_core.commands.simulate", "play bot games and summarise them"),
}


def _plugin_commands() -> dict[str, object]:
    from importlib.metadata import entry_points  # scanning installed packages takes a while: only when needed

    return {ep.name: ep for ep in entry_points(group="sanma.commands")}


def _usage(plugins: dict[str, object]) -> str:
    lines = ["usage: sanma COMMAND [ARGS]", "", "commands:"]
    for name, (_, text) in ENGINE_COMMANDS.items():
        lines.append(f"  {name:<10} {text}")
    for name in sorted(plugins):
        lines.append(f"  {name}")
    lines.append("")
    lines.append("Run 'sanma COMMAND --help' for a command's options.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        print(_usage(_plugin_commands()))
        return 0 if args else 2
    name, rest = args[0], args[1:]
    if name in ENGINE_COMMANDS:  # no plugin scan: engine commands start fast
        module = importlib.import_module(ENGINE_COMMANDS[name][0])  # only the command asked for: a fast start
        return int(module.main(rest) or 0)
    plugins = _plugin_commands()
    if name in plugins:
        func = plugins[name].load()  # type: ignore[attr-defined]
        return int(func(rest) or 0)
    print(f"sanma: unknown command {name!r}\n\n{_usage(plugins)}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
