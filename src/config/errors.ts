/** A bad or missing environment variable: the message is one line, `VARIABLE: problem`. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
  }
}
