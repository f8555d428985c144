/** The Technology Readiness Level scale as used by the European Commission's Horizon programmes. */
export const TRL_SCALE: Readonly<Record<number, string>> = {
  1: 'Basic principles observed',
  2: 'Technology concept formulated',
  3: 'Experimental proof of concept',
  4: 'Technology validated in lab',
  5: 'Technology validated in relevant environment',
  6: 'Technology demonstrated in relevant environment',
  7: 'System prototype demonstration in operational environment',
  8: 'System complete and qualified',
  9: 'Actual system proven in operational environment',
};
