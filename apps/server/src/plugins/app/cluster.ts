// Several instances on one PostgreSQL (CLUSTER=1, issue #19): machine leases (which instance owns
// each machine's seat), the seats that come and go with them, and the requests that must be
// answered by a machine's owner. With one instance (the default) nothing here runs: it owns all.
import { MACHINE_NAMESPACE } from '@reelcast/protocol/machine-socket';
import fp from 'fastify-plugin';
import { RemoteCabinet } from '../../modules/agents/remote-cabinet';
import { agentLeases } from '../../modules/cluster/agent-leases';
import { forwardingKey, forwardToOwners } from '../../modules/cluster/forward';
import { MachineOwnership } from '../../modules/cluster/ownership';

declare module 'fastify' {
  interface FastifyInstance {
    /** the machine leases of a cluster; null with one instance */
    ownership: MachineOwnership | null;
  }
}

/** A lease's life: a dead instance's machines are taken over this long after its last renewal. */
const LEASE_TTL_MS = 5000;

export default fp(
  async (app) => {
    const { config } = app;
    if (!config.CLUSTER) {
      app.decorate('ownership', null);
      return;
    }
    const ownership = new MachineOwnership(
      app.database.db,
      {
        instanceId: config.INSTANCE_ID,
        url: config.INSTANCE_URL ?? `http://${config.HOST}:${config.PORT}`,
        ttlMs: LEASE_TTL_MS,
        renewMs: 1000,
        agentAwayMs: LEASE_TTL_MS,
      },
      app.log,
    );
    app.decorate('ownership', ownership);
    // Another instance has the machine now (the seats and the lobby are built after this plugin,
    // and read when it happens): its seat is that instance's to run, and the sockets
    // here on it are ended, so the players come back through the proxy to the new owner.
    ownership.on('lost', (machineId) => {
      app.sessions.disown(machineId);
      app.io.of(MACHINE_NAMESPACE).in(`machine:${machineId}`).disconnectSockets(true);
      app.lobby.machineChanged(machineId);
    });
    // Every instance has the same JWT_SECRET (a token works on any): the forwarding mark is derived
    // from it, so no request from outside the cluster passes as forwarded.
    forwardToOwners(
      app,
      (machineId) => ownership.ownerOf(machineId),
      forwardingKey(config.JWT_SECRET),
    );
    await ownership.start();
    // The cabinets simulated in the instances themselves (no agent) go to whichever instance takes
    // their lease first, and to a survivor once their owner's leases run out.
    let sweeping: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      const leases = agentLeases(app, ownership);
      const simulated = [...app.floor.all()]
        .filter((a) => !(a instanceof RemoteCabinet))
        .map((a) => a.machineId);
      const sweep = async () => {
        const free = simulated.filter((id) => !ownership.owns(id));
        if (free.length === 0) return;
        const taken = await ownership.claim(free, 0);
        if (taken.length > 0) await leases.adopted(taken);
      };
      await sweep();
      sweeping = setInterval(() => {
        sweep().catch((err) => app.log.error({ err }, 'lease sweep failed'));
      }, 1000);
      sweeping.unref();
    });
    app.log.info({ instance: config.INSTANCE_ID }, 'cluster instance');
    app.addHook('onClose', async () => {
      if (sweeping) clearInterval(sweeping);
      await ownership.stop();
    });
  },
  { name: 'cluster', dependencies: ['config', 'database', 'sockets'] },
);
