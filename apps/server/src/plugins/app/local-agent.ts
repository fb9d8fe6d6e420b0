// The server's own machine agent (LOCAL_AGENT, on for `npm start`): before the floor is built,
// the agent is provisioned with a fresh secret and the floor's machines, so the floor takes them
// as agent cabinets; after the server listens, main.ts starts the agent process with that secret
// (modules/agents/local-agent.ts). With LOCAL_AGENT off, its machines return to this process.
import fp from 'fastify-plugin';
import { hashAgentSecret, newAgentSecret } from '../../modules/agents/credentials';
import { LOCAL_AGENT_ID, type LocalAgent } from '../../modules/agents/local-agent';
import { agentRepository } from '../../modules/agents/repository';
import { lobbyRepository } from '../../modules/lobby/repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** the agent process to start beside the server, or null (LOCAL_AGENT off) */
    localAgent: LocalAgent | null;
  }
}

export default fp(
  async (app) => {
    const { db } = app.database;
    const { LOCAL_AGENT, LOCAL_AGENT_MACHINES } = app.config;
    if (!LOCAL_AGENT) {
      // Hosted by an agent that will not come: simulated here again (the agent is revoked).
      if (await agentRepository.find(db, LOCAL_AGENT_ID)) {
        await agentRepository.revoke(db, LOCAL_AGENT_ID);
      }
      app.decorate('localAgent', null);
      return;
    }
    const wanted = new Set(LOCAL_AGENT_MACHINES);
    const hosted = (await lobbyRepository.machines(db)).filter(
      (m) => m.enabled && (wanted.size === 0 || wanted.has(m.id)),
    );
    const secret = newAgentSecret();
    const ids = hosted.map((m) => m.id);
    await agentRepository.provision(db, LOCAL_AGENT_ID, await hashAgentSecret(secret), ids);
    app.decorate('localAgent', {
      id: LOCAL_AGENT_ID,
      secret,
      cabinets: hosted.map((m) => ({ machineId: m.id, game: m.game })),
      handPayLimit: app.config.HAND_PAY_LIMIT,
    });
  },
  { name: 'local-agent', dependencies: ['config', 'database', 'seed'] },
);
