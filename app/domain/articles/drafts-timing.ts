/** The open article form's rhythm (decision 193), shared by the server and the form. */

/** A form whose heartbeat is older than this is no longer open. */
export const PRESENCE_TTL_MS = 45_000;
/** How often an open form sends its heartbeat. */
export const HEARTBEAT_MS = 15_000;
/** At most how often the form autosaves while the editor types. */
export const AUTOSAVE_MS = 4_000;
