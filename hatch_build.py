"""Build hook: compile the hard bot's search (abluxxen/bots/_rollout.c) into the wheel.

The compiled search (its rollouts and the trees below its root moves) makes
the same moves as the Python one, some twenty times as fast, so the hard bot
searches that much more in the same time.
They are optional: without a C compiler (or Python's headers) the build
says so and the wheel is pure Python; the game then plays the same, and its
hard bot searches less (see docs/bots.md).

The module is installed at the top level, as ``_abluxxen_rollout``, not
inside the package: a checkout's own ``abluxxen`` folder (the tests import
it) then still finds the compiled module the install put in site-packages.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SOURCE = "abluxxen/bots/_rollout.c"
MODULE = "_abluxxen_rollout"


class RolloutBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles the rollouts for wheels (and editable installs); a failure only warns."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or os.environ.get("ABLUXXEN_NO_C"):
            return
        try:
            built = self._compile()
        except Exception as error:  # any failure to compile: a pure-Python wheel
            self.app.display_warning(
                f"abluxxen: the hard bot's rollouts were not compiled ({type(error).__name__}: {error}); "
                "the game works without them, but its hard bot searches less")
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        target = os.path.basename(built)  # the module's name and this Python's suffix
        if version == "editable":
            forced = dict(self.build_config.get_force_include())
            forced[built] = target
            build_data["force_include_editable"] = forced
        else:
            build_data["force_include"][built] = target

    def _compile(self) -> str:
        """The path of the compiled module, built in a temporary folder."""
        from setuptools import Distribution, Extension
        from setuptools.command.build_ext import build_ext

        # No fused multiply-adds: the C sums and products must round as Python's do.
        flags = [] if os.name == "nt" else ["-ffp-contract=off"]
        source = os.path.join(self.root, SOURCE)
        # The source's digest, so a test can tell a stale build from a fresh one.
        with open(source, "rb") as file:
            digest = hashlib.sha256(file.read()).hexdigest()
        extension = Extension(MODULE, [source], extra_compile_args=flags,
                              define_macros=[("SOURCE_SHA256", f'"{digest}"')])
        out = tempfile.mkdtemp(prefix="abluxxen-build-")
        command = build_ext(Distribution({"name": MODULE, "ext_modules": [extension]}))
        command.build_lib = out
        command.build_temp = os.path.join(out, "temp")
        command.ensure_finalized()
        command.run()
        return str(command.get_ext_fullpath(MODULE))

