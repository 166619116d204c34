// Browser and whole-stack tests.
jest.setTimeout(120000);
