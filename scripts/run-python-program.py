#!/usr/bin/env python3
"""Runs a Pulumi Python program without the Python language host.

The official Pulumi CLI runs a `runtime: python` project with its Python language host
(`pulumi-language-python`). Where that host cannot be had, this script runs the same program
through the Automation API as an inline program: the program runs in this Python process and
the `pulumi` on PATH drives the engine. With the official CLI you do not need this script:
`pulumi up` in the project does the same.

Usage: run-python-program.py up|preview|refresh|destroy [--cwd DIR] [--stack NAME]
                             [--expect-no-changes] [--json]

  --cwd DIR            the project: the folder of its Pulumi.yaml (default: the current one);
                       the program is the file or folder its `main` names, else __main__.py
  --stack NAME         the stack (default: the one `pulumi stack select` chose there); made
                       when it does not exist
  --expect-no-changes  fail when the operation would change anything (not for destroy)
  --json               print one JSON object on stdout: the operation, its result, the
                       resource changes by kind, the changed fields of each updated resource
                       (by resource name) and the stack's outputs (secret ones as "[secret]")

The engine's progress goes to stderr. The environment is the CLI's (PULUMI_CONFIG_PASSPHRASE,
PULUMI_BACKEND_URL, ...). Exit code 0 on success, 1 when the operation fails, 2 on bad usage.
"""

import argparse
import json
import os
import runpy
import sys
from typing import Any, Dict, List, Optional

import yaml
from pulumi import automation as auto
from pulumi.automation import events


def program_file(cwd: str, main: Optional[str]) -> str:
    """The program's file: Pulumi.yaml's `main` (a file, or a folder with __main__.py)."""
    target = os.path.join(cwd, main) if main else cwd
    if os.path.isdir(target):
        target = os.path.join(target, "__main__.py")
    if not os.path.isfile(target):
        raise SystemExit(f"run-python-program: no program at {target}")
    return target


def project_settings(cwd: str) -> Dict[str, Any]:
    """The project's Pulumi.yaml as a mapping."""
    for name in ("Pulumi.yaml", "Pulumi.yml"):
        path = os.path.join(cwd, name)
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                data = yaml.safe_load(f)
            if not isinstance(data, dict) or not data.get("name"):
                raise SystemExit(f"run-python-program: {path} has no project name")
            return data
    raise SystemExit(f"run-python-program: no Pulumi.yaml in {cwd}")


def main() -> int:
    parser = argparse.ArgumentParser(
        prog="run-python-program.py",
        description="Runs a Pulumi Python program through the Automation API (no language host).",
    )
    parser.add_argument("op", choices=["up", "preview", "refresh", "destroy"])
    parser.add_argument("--cwd", default=".")
    parser.add_argument("--stack")
    parser.add_argument("--expect-no-changes", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    cwd = os.path.abspath(args.cwd)
    settings = project_settings(cwd)
    file = program_file(cwd, settings.get("main"))

    def program() -> None:
        # As the language host runs it: from its folder, importable modules beside it.
        sys.path.insert(0, os.path.dirname(file))
        runpy.run_path(file, run_name="__main__")

    options = auto.LocalWorkspaceOptions(work_dir=cwd)
    stack_name = args.stack
    if not stack_name:
        current = auto.LocalWorkspace(work_dir=cwd).stack()
        if current is None:
            print(
                "run-python-program: no stack selected: pass --stack NAME "
                "(or run `pulumi stack select NAME` there)",
                file=sys.stderr,
            )
            return 2
        stack_name = current.name
    stack = auto.create_or_select_stack(
        stack_name, project_name=settings["name"], program=program, opts=options
    )

    diffs: Dict[str, List[str]] = {}

    def on_event(event: events.EngineEvent) -> None:
        pre = event.resource_pre_event
        if pre is None or pre.metadata.op != events.OpType.UPDATE:
            return
        name = pre.metadata.urn.rsplit("::", 1)[-1]
        diffs[name] = sorted((pre.metadata.detailed_diff or {}).keys())

    def on_output(line: str) -> None:
        sys.stderr.write(line if line.endswith("\n") else line + "\n")

    common: Dict[str, Any] = {"on_output": on_output, "on_event": on_event}
    if args.expect_no_changes and args.op != "destroy":
        common["expect_no_changes"] = True
    outputs: Dict[str, Any] = {}
    try:
        if args.op == "up":
            result = stack.up(**common)
            outputs = {
                k: "[secret]" if v.secret else v.value for k, v in result.outputs.items()
            }
            summary = result.summary
        elif args.op == "preview":
            preview = stack.preview(**common)
            summary = None
            changes = {str(getattr(k, "value", k)): v for k, v in preview.change_summary.items()}
        elif args.op == "refresh":
            summary = stack.refresh(**common).summary
        else:
            summary = stack.destroy(on_output=on_output, on_event=on_event).summary
    except auto.errors.CommandError as e:
        print(f"run-python-program: {args.op} failed: {e}", file=sys.stderr)
        return 1
    if summary is not None:
        result_text = summary.result
        changes = dict(summary.resource_changes or {})
    else:
        result_text = "succeeded"
    if args.json:
        print(
            json.dumps(
                {
                    "op": args.op,
                    "result": result_text,
                    "changes": changes,
                    "diffs": diffs,
                    "outputs": outputs,
                }
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
