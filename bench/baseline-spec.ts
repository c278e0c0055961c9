/** One statement the app ran for a read, with its parameters. */
export interface Statement {
  text: string;
  params: unknown[];
}

/**
 * What the app ran for one read and owner: the session's statement (a signed-in request reads its session
 * before anything else), then the read's own statements, which the app runs at once.
 */
export interface BaselineStatements {
  session: Statement[];
  read: Statement[];
}

/** The baseline's statements by read name, then by owner id. */
export type BaselineSpec = Record<string, Record<string, BaselineStatements>>;
