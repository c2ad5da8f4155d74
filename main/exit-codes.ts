/** Exit codes of the CLI, the launcher and the Electron app; scripts and CI read them. */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
/** The run completed but its numbers carry a caveat: too many errors, or a worker or node lost. */
export const EXIT_DEGRADED = 3;
/** The run's numbers stand, and at least one of the scenario's thresholds was missed (a caveat or failure says more, and wins). */
export const EXIT_THRESHOLDS = 4;
/** `kvscope compare --fail-if`: a change significant on the runs and past its bound (a regression gate's failure). */
export const EXIT_REGRESSION = 5;
/** A process ended by Ctrl-C or SIGTERM exits as a shell reports it: 128 + the signal's number. */
export const EXIT_BY_SIGNAL: Readonly<Record<string, number>> = { SIGINT: 130, SIGTERM: 143 };
