#!/usr/bin/env python3
"""check_house.py's rule of calls up behind a declaration, on small fixture trees (python3, standard library only).

    scripts/check_house_test.py        (ctest house_rules_self_test)
"""

import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_house  # noqa: E402


def tree(test, files):
    """A temporary repository holding `files` (path -> text), removed after `test`."""
    root = tempfile.mkdtemp(prefix="check-house-")
    test.addCleanup(shutil.rmtree, root, True)
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as f:
            f.write(text)
    return root


RULES = """#include "diff/facts.hpp"
namespace awrdiff::detail {
namespace {
int helper(int x) { return x; }
}  // namespace
std::vector<Finding> run_findings(const Facts& facts) {
  return {};
}
}  // namespace awrdiff::detail
"""


class HigherDeclarations(unittest.TestCase):
    def test_a_lower_layer_declaring_a_higher_layers_function_is_counted(self):
        root = tree(self, {
            "src/diff/facts.hpp": "#pragma once\nnamespace awrdiff::detail {\n\n"
                                  "std::vector<Finding> run_findings(const Facts& facts);\n}\n",
            "src/findings/findings.cpp": RULES,
        })
        self.assertEqual(check_house.higher_declarations(root),
                         ["src/diff/facts.hpp:4: run_findings (defined in findings, declared in diff)"])

    def test_a_peer_layer_is_no_layer_above(self):
        root = tree(self, {
            "src/mask/mask.hpp": "namespace awrdiff {\nComparison compare(const Snapshot& base,\n"
                                 "                   const Snapshot& target);\n}\n",
            "src/diff/diff.cpp": "namespace awrdiff {\nComparison compare(const Snapshot& base, const Snapshot& target) {\n"
                                 "  return {};\n}\n}\n",
        })
        self.assertEqual(check_house.higher_declarations(root),
                         ["src/mask/mask.hpp:3: compare (defined in diff, declared in mask)"])

    def test_declarations_of_its_own_or_lower_layers_members_and_locals_are_not(self):
        root = tree(self, {
            # a higher layer declaring the findings' function, and a header declaring its own
            "src/compare/run.hpp": "namespace awrdiff::detail {\nstd::vector<Finding> run_findings(const Facts& f);\n}\n",
            "src/findings/findings.hpp": "namespace awrdiff::detail {\nstd::vector<Finding> run_findings(const Facts& f);\n}\n",
            "src/findings/findings.cpp": RULES,
            # a member function and a helper of an anonymous namespace of the same names as higher layers' functions
            "src/diff/differ.hpp": "namespace awrdiff {\nclass Differ {\n public:\n  std::vector<Finding> run_findings();\n"
                                   "  int helper(int x);\n};\n}\n",
            "src/parse/x.hpp": "namespace awrdiff {\nint helper(int x);\n}\n",
        })
        self.assertEqual(check_house.higher_declarations(root), [])


if __name__ == "__main__":
    unittest.main()
