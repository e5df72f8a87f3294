/** Time source; the domain never reads the clock itself. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Minutes east of UTC, the value of the `Timezone` header. */
  timezoneOffsetMinutes(): number;
}
