// Per-project testTimeout is ignored by jest; int tests talk to real servers on a busy 2-core machine.
jest.setTimeout(30000);
