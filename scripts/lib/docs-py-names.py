"""The names check of the documentation's Python blocks against the generated Python SDK.

Usage: python3 docs-py-names.py SDK_PACKAGE_DIR BLOCK.py...

SDK_PACKAGE_DIR is the package directory (sdk/python/pulumi_edgeplatform). For each block:
every `import pulumi_edgeplatform...` / `from pulumi_edgeplatform... import names` resolves to a
module or a name of the package; every attribute taken from an SDK module exists there; every
member of an SDK enumeration exists; every keyword argument of a call to an SDK class or
function is a parameter of its `__init__` (any overload) or of the function. The generated
files are read with `ast`, never imported. Prints one JSON line per error:
[block file, line, column, message]. A block that does not parse is left to py_compile.
"""

import ast
import json
import os
import sys

PKG_DIR = os.path.abspath(sys.argv[1])
PKG = os.path.basename(PKG_DIR)
_modules = {}


def module_file(dotted):
    """The file of a module of the package (`pulumi_edgeplatform.shield`), or None."""
    parts = dotted.split(".")
    if parts[0] != PKG:
        return None
    base = os.path.join(PKG_DIR, *parts[1:])
    if os.path.isfile(os.path.join(base, "__init__.py")):
        return os.path.join(base, "__init__.py")
    if len(parts) > 1 and os.path.isfile(base + ".py"):
        return base + ".py"
    return None


def is_package(dotted):
    f = module_file(dotted)
    return f is not None and f.endswith("__init__.py")


def top_level(body):
    """The top-level statements, with those inside `if`/`try` (e.g. `if TYPE_CHECKING:`)."""
    for node in body:
        if isinstance(node, ast.If):
            yield from top_level(node.body)
            yield from top_level(node.orelse)
        elif isinstance(node, ast.Try):
            yield from top_level(node.body)
        else:
            yield node


def module_names(dotted):
    """name -> ("def", ast node, module) | ("module", dotted) for a module of the package."""
    if dotted in _modules:
        return _modules[dotted]
    names = {}
    _modules[dotted] = names
    f = module_file(dotted)
    if f is None:
        return names
    with open(f, encoding="utf8") as fh:
        tree = ast.parse(fh.read(), f)
    package = dotted if is_package(dotted) else dotted.rsplit(".", 1)[0]
    exported = None
    for node in top_level(tree.body):
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names[node.name] = ("def", node, dotted)
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    names.setdefault(t.id, ("value", node, dotted))
                    if t.id == "__all__" and isinstance(node.value, (ast.List, ast.Tuple)):
                        exported = [e.value for e in node.value.elts if isinstance(e, ast.Constant)]
        elif isinstance(node, ast.ImportFrom) and node.level > 0:
            base = package.split(".")
            base = base[: len(base) - (node.level - 1)]
            source = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                if alias.name == "*":
                    for k, v in module_names(source).items():
                        if not k.startswith("_") and k != "__all__":
                            names.setdefault(k, v)
                elif module_file(f"{source}.{alias.name}"):
                    names[alias.asname or alias.name] = ("module", f"{source}.{alias.name}")
                else:
                    got = module_names(source).get(alias.name)
                    if got:
                        names[alias.asname or alias.name] = got
    # Subpackages exposed with lazy_import (`shield = _utilities.lazy_import(...)`) are modules.
    for k in list(names):
        if names[k][0] == "value" and module_file(f"{dotted}.{k}"):
            names[k] = ("module", f"{dotted}.{k}")
    if exported is not None:
        names["__all__"] = ("all", exported)
    return names


def lookup(dotted, name):
    """What `name` is in the module `dotted`: ("module", ...), ("def", ...), or None."""
    got = module_names(dotted).get(name)
    if got and got[0] in ("def", "module"):
        return got  # `from .get_registry import *` binds the function over the submodule
    sub = f"{dotted}.{name}"
    return ("module", sub) if module_file(sub) else None


def params(fn):
    a = fn.args
    return {p.arg for p in a.posonlyargs + a.args + a.kwonlyargs}, a.kwarg is not None


def keyword_names(node):
    """The keyword parameters a class's `__init__` overloads or a function accept (None: any)."""
    defs = []
    if isinstance(node, ast.ClassDef):
        defs = [n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"]
    elif isinstance(node, ast.FunctionDef):
        defs = [node]
    accepted = set()
    explicit = False
    for d in defs:
        names, _ = params(d)
        names -= {"self", "__self__"}
        # The implementation `__init__(__self__, resource_name, *args, **kwargs)` is behind the
        # overloads, which list the parameters.
        if d.args.kwarg is not None and len(defs) > 1:
            continue
        if d.args.kwarg is not None:
            return None
        explicit = True
        accepted |= names
    return accepted if explicit else None


def enum_members(node):
    if not isinstance(node, ast.ClassDef):
        return None
    if not any(isinstance(b, ast.Name) and b.id == "Enum" for b in node.bases):
        return None
    return {t.id for n in node.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}


def check(path):
    with open(path, encoding="utf8") as fh:
        src = fh.read()
    try:
        tree = ast.parse(src, path)
    except SyntaxError:
        return  # reported by py_compile
    out = []

    def err(node, message):
        out.append([path, node.lineno, node.col_offset + 1, message])

    bound = {}  # local name -> ("module", dotted) | ("def", node, module)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] != PKG:
                    continue
                if not module_file(alias.name):
                    err(node, f"no module {alias.name} in the Python SDK")
                elif alias.asname:
                    bound[alias.asname] = ("module", alias.name)
                else:
                    bound[PKG] = ("module", PKG)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] != PKG:
                continue
            if not module_file(node.module):
                err(node, f"no module {node.module} in the Python SDK")
                continue
            for alias in node.names:
                if alias.name == "*":
                    continue
                got = lookup(node.module, alias.name)
                if got is None:
                    err(node, f"no name {alias.name} in {node.module}")
                else:
                    bound[alias.asname or alias.name] = got

    def resolve(expr):
        """The SDK thing an expression names (`shield.RateLimitRule`), None if not the SDK's,
        or False after reporting a missing name."""
        if isinstance(expr, ast.Name):
            return bound.get(expr.id)
        if isinstance(expr, ast.Attribute):
            owner = resolve(expr.value)
            if not owner:
                return owner
            if owner[0] == "module":
                got = lookup(owner[1], expr.attr)
                if got is None:
                    err(expr, f"no name {expr.attr} in {owner[1]}")
                    return False
                return got
            members = enum_members(owner[1])
            if members is not None and expr.attr not in members and not expr.attr.startswith("_"):
                if expr.attr not in {"name", "value"}:
                    err(expr, f"no member {expr.attr} in the enumeration {owner[1].name}")
                    return False
            return None
        return None

    reported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and id(node) not in reported:
            # Resolve the outermost attribute chains once (inner ones are resolved through them).
            resolve(node)
            inner = node.value
            while isinstance(inner, ast.Attribute):
                reported.add(id(inner))
                inner = inner.value
        if isinstance(node, ast.Call):
            target = resolve(node.func) if isinstance(node.func, ast.Name) else None
            if isinstance(node.func, ast.Attribute):
                # Resolved (and reported) by the attribute walk; resolve quietly here.
                saved = list(out)
                target = resolve(node.func)
                out[:] = saved
            if not target or target[0] != "def":
                continue
            accepted = keyword_names(target[1])
            if accepted is None:
                continue
            kind = "class" if isinstance(target[1], ast.ClassDef) else "function"
            for kw in node.keywords:
                if kw.arg is not None and kw.arg not in accepted:
                    err(kw, f"no {kind} {target[1].name} parameter {kw.arg}")
    for e in out:
        print(json.dumps(e))


for block in sys.argv[2:]:
    check(block)
