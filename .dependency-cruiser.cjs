// The boundaries between Parley's programs, checked by `npm run boundaries` (a step of `npm test`).
// Each program (a service, the gateway, the dashboard, the widget) talks to the others over the
// wire only; what they share lives in packages/. Tests may reach in anywhere (a fixture, a helper
// of another program); production code may not. docs/conventions.md, "Boundaries", says why.

/** Files that only tests, benchmarks and tooling load: the rules below do not apply to them. */
const testOnly = [
  '\\.(unit|int|e2e)\\.spec\\.tsx?$',
  '(^|/)test/',
  '(^|/)__fixtures__/',
  '^(e2e|faults|bench|eval|scripts|jest|k8s|deploy)/',
];

/** A path inside a program's production source, with the program's folder captured as $1. */
const program = '^((?:services|tools)/[^/]+|gateway|frontend|widget)/';

module.exports = {
  forbidden: [
    {
      name: 'no-program-imports-another',
      comment:
        'A service (or the gateway, a tool, the dashboard, the widget) reaches another program over gRPC, NATS or HTTP, never by importing its code; shared code belongs in packages/.',
      severity: 'error',
      from: { path: program, pathNot: testOnly },
      to: { path: program, pathNot: '^$1/' },
    },
    {
      name: 'browser-imports-only-contracts-and-chat-display',
      comment:
        'The dashboard and the widget ship to browsers: of the workspace they import only packages/contracts and packages/chat-display (and their own code and npm packages).',
      severity: 'error',
      from: { path: '^(frontend|widget)/', pathNot: testOnly },
      to: {
        pathNot: '^($1|packages/(contracts|chat-display))/|(^|/)node_modules/',
        couldNotResolve: false,
        dependencyTypesNot: ['core', 'type-only'],
      },
    },
    {
      name: 'browser-imports-no-node-builtins',
      comment:
        "Browser code cannot load Node built-ins. The one exception is the frontend's metrics server, which only instrumentation.ts loads, in the Node.js runtime (frontend/README.md#metrics).",
      severity: 'error',
      from: {
        path: '^(frontend/src|widget/(app|loader|shared))/',
        pathNot: [...testOnly, '^frontend/src/lib/server/metrics/serve\\.ts$'],
      },
      to: { dependencyTypes: ['core'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'packages-import-no-program',
      comment: 'packages/ is shared by the programs, so it depends on none of them.',
      severity: 'error',
      from: { path: '^packages/', pathNot: testOnly },
      to: { path: program },
    },
    {
      name: 'gateway-realtime-does-not-import-socket',
      comment:
        'gateway/src/socket/ (the Socket.IO transport) uses gateway/src/realtime/ (channels, access, replay); the other way round would make the two one tangle. The composition root wires them together.',
      severity: 'error',
      from: { path: '^gateway/src/realtime/', pathNot: testOnly },
      to: { path: '^gateway/src/socket/' },
    },
    {
      name: 'gateway-socket-does-not-borrow-http-routes',
      comment:
        'A socket handler shares a command with an HTTP route by both importing it from outside http/routes/, not by importing the route module.',
      severity: 'error',
      from: { path: '^gateway/src/socket/', pathNot: testOnly },
      to: { path: '^gateway/src/http/routes/' },
    },
    {
      name: 'no-circular',
      comment:
        'Modules that import each other (directly or round a loop) cannot be read, tested or moved apart.',
      severity: 'error',
      from: { path: '^(gateway|services|packages)/', pathNot: testOnly },
      to: { circular: true, viaOnly: { pathNot: testOnly.join('|') } },
    },
  ],
  options: {
    // Workspace packages are symlinks in node_modules: followed to packages/, so the rules see them.
    preserveSymlinks: false,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '(^|/)\\.next/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    // Absolute, so that the check runs the same from a test's fixture folder.
    tsConfig: { fileName: require('node:path').join(__dirname, 'tsconfig.boundaries.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['main', 'types'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
