// The services' own int tests start the real domains service the same way.
export { startTestDomains, type TestDomains } from '@parley/domains/test/test-domains';
