/** The platform's IDs (snowflakes) count milliseconds from 2015-01-01 in their upper bits. */
const PLATFORM_EPOCH_MS = 1_420_070_400_000n;

/** When a platform ID (an application, a user) was created. */
export function snowflakeTime(id: string): Date {
  return new Date(Number((BigInt(id) >> 22n) + PLATFORM_EPOCH_MS));
}
