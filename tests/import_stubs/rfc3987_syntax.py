"""Left out of test runs: ``import rfc3987_syntax`` fails at once.

``jsonschema`` (imported by ``nbformat``, so by pytest-notebook's plugin in every pytest
process, by each notebook-executing subprocess and by every Jupyter server the browser tests
start) imports ``rfc3987_syntax`` when it is installed, and that module builds an Earley
parser at import: 3.3 to 3.9 s of CPU per process on the 2-core development machine against
0.3 s without it (python-jsonschema/jsonschema#1392). jsonschema imports it under
``suppress(ImportError)`` and only uses it to check the ``iri`` format, which neither
nbformat's notebook schema nor anything in Hearts Lab asks for.

``make test`` and ``make check`` put this folder first on ``PYTHONPATH``; processes the tests
start inherit it. ``tests/test_suite.py`` checks that a test run's processes see this stub and
that jsonschema still validates a notebook without it.
"""
raise ImportError("rfc3987_syntax is left out of Hearts Lab's test runs (tests/import_stubs/rfc3987_syntax.py)")
