// Replaced by the e2e harness: starts the whole product for the browser and API tests.
export default async function globalSetup(): Promise<void> {}
