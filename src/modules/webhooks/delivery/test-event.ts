/** The fixed text of a `test` event (management API: "send a test call"). */
export const TEST_EVENT_MESSAGE = 'This is a test event from Bot Directory.';
