// The socket.io namespaces, in a module without zod: the player imports these names, and a value
// import of machine-socket.ts or notice.ts would pull zod into its bundle.

/** The real-time machine connection (§7): one socket per visit to a game screen. */
export const MACHINE_NAMESPACE = '/machine';

/** The notification connection (§7): one socket per signed-in tab. */
export const NOTICE_NAMESPACE = '/notice';

/** The agent protocol (agent.ts): machine agents dial out to the server here. */
export const AGENT_NAMESPACE = '/agent';
