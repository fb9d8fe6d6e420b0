// Machine agents: the registry of those connected on /agent (their credentials are in the
// database; the namespace itself is attached with the other sockets, in routes.ts).
import fp from 'fastify-plugin';
import { AgentRegistry } from '../../modules/agents/registry';

declare module 'fastify' {
  interface FastifyInstance {
    /** machine agents connected now (the agent protocol) */
    agents: AgentRegistry;
  }
}

export default fp(
  async (app) => {
    app.decorate('agents', new AgentRegistry());
  },
  { name: 'agents', dependencies: ['database'] },
);
