// The operator's command line: `npm run cli -- <command> [args] [--key K] [--reason R]`.
//
// Two ways to reach the wallet, picked at start:
// - a server is running (its /healthz answers at REELCAST_URL, default http://HOST:PORT): the CLI
//   signs in as staff (REELCAST_STAFF_USER / REELCAST_STAFF_PASSWORD, and REELCAST_STAFF_OTP, the
//   authenticator's code, once the account has two-factor on) and calls the staff API, so
//   the money goes through the running server's ledger and every open tab of the player sees it.
//   It must: embedded PGlite is single-process, and a second process opening its data dir would
//   corrupt it.
// - no server answers: the CLI opens the database itself (DATABASE_URL or DATA_DIR, as the server
//   does) and posts through the same Ledger and WalletService, recording into the same audit log.
// Amounts are typed in currency units ("100" or "12.50") and sent as hundredths.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { AgentAddAnswer, AgentRevokeAnswer } from '@reelcast/protocol/agent';
import {
  type StaffAccountPasswordAnswer,
  staffAccountCreateBody,
} from '@reelcast/protocol/console-staff';
import type {
  HandPayResetAnswer,
  HandPayResetBody,
  MachineFaultAnswer,
  MachineFaultBody,
  MachineMetersAnswer,
} from '@reelcast/protocol/floor';
import type { StaffMoneyAnswer, StaffMoneyBody } from '@reelcast/protocol/wallet';
import { type Backend, CliError, directBackend, httpBackend, serverRunning } from './cli-backends';
import { parseEnv } from './config';
import { PRIVATE_UMASK } from './data-dir';
import { describeError } from './http/log-errors';

export { type Backend, CliError, directBackend };

interface Options {
  key?: string;
  /** why money moves: required for deposits and withdrawals */
  reason?: string;
}

interface Command {
  usage: string;
  help: string;
  run(args: string[], options: Options, backend: Backend): Promise<string>;
}

/** "12.50" → 1250; refuses anything that is not a positive amount with at most two decimals. */
export function parseAmount(text: string | undefined): number {
  if (!text || !/^\d+(\.\d{1,2})?$/.test(text)) {
    throw new CliError(`amount must be a positive number with up to 2 decimals, got "${text}"`);
  }
  const [whole, fraction = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents <= 0 || !Number.isSafeInteger(cents)) throw new CliError('amount must be above 0');
  return cents;
}

const cents = (c: number) => (c / 100).toFixed(2);

function moneyCommand(direction: 'deposit' | 'withdraw'): Command {
  return {
    usage: `${direction} <username> <amount>`,
    help: `${direction === 'deposit' ? 'puts money into' : 'takes money out of'} a player's wallet`,
    async run(args, options, backend) {
      const [username, amountText] = args;
      if (!username) throw new CliError(`usage: ${this.usage}`);
      if (!options.reason?.trim()) throw new CliError(`${direction} needs --reason <why>`);
      const body: StaffMoneyBody = {
        username,
        amount: parseAmount(amountText),
        // A retry with the same --key moves the money once.
        idempotencyKey: options.key ?? `cli-${randomUUID()}`,
        reason: options.reason,
      };
      const answer = await backend.staff<StaffMoneyAnswer>(`/staff/${direction}`, body);
      const what = answer.applied ? `${direction} of ${cents(body.amount)} done` : 'already done';
      return `${what} for ${username} (entry ${answer.entryId}, key ${body.idempotencyKey}); wallet ${cents(answer.balance)}`;
    },
  };
}

/** A machine id typed on the command line. */
function parseMachineId(text: string | undefined, usage: string): number {
  if (!text || !/^\d+$/.test(text) || Number(text) <= 0) throw new CliError(`usage: ${usage}`);
  return Number(text);
}

const handPayResetCommand: Command = {
  usage: 'handpay-reset <machineId>',
  help: "pays a machine's pending hand pay into the player's wallet",
  async run(args, _options, backend) {
    const body: HandPayResetBody = { machineId: parseMachineId(args[0], this.usage) };
    const a = await backend.staff<HandPayResetAnswer>('/staff/handpay-reset', body);
    return `hand pay of ${cents(a.amount)} on machine ${a.machineId} paid to player ${a.playerId} (session ${a.sessionId}); wallet ${cents(a.balance)}`;
  },
};

const faultCommand: Command = {
  usage: 'fault <machineId> door|tilt|offline on|off',
  help: 'raises or clears a fault on a machine',
  async run(args, _options, backend) {
    const [id, fault, state] = args;
    if (
      (fault !== 'door' && fault !== 'tilt' && fault !== 'offline') ||
      (state !== 'on' && state !== 'off')
    ) {
      throw new CliError(`usage: ${this.usage}`);
    }
    const body: MachineFaultBody = {
      machineId: parseMachineId(id, this.usage),
      fault,
      active: state === 'on',
    };
    const a = await backend.staff<MachineFaultAnswer>('/staff/machine-fault', body);
    return `machine ${a.machineId}: ${fault} ${state}; now ${a.machineStatus}`;
  },
};

const metersCommand: Command = {
  usage: 'meters <machineId>',
  help: "shows a machine's meters and reconciles them with the ledger",
  async run(args, _options, backend) {
    const id = parseMachineId(args[0], this.usage);
    const { meters: m, ledger } = await backend.read<MachineMetersAnswer>(
      `/staff/machines/${id}/meters`,
    );
    const byLedger = ledger.cashIn - (ledger.cashOut + ledger.handPay);
    const byMeters = m.coinIn - m.coinOut - m.handPaid + m.currentCredits;
    return [
      `machine ${id}: coin in ${cents(m.coinIn)}, coin out ${cents(m.coinOut)}, jackpot ${cents(m.jackpot)}, hand paid ${cents(m.handPaid)}, credits ${cents(m.currentCredits)}`,
      `  transfers in ${cents(m.transferredIn)}, out ${cents(m.transferredOut)}; games ${m.gamesPlayed} (won ${m.gamesWon}); progressive ${cents(m.progressive)}`,
      `  ledger: cash in ${cents(ledger.cashIn)}, cash out ${cents(ledger.cashOut)}, hand pay ${cents(ledger.handPay)}`,
      byLedger === byMeters
        ? `  reconciled: cash in − (cash out + hand pay) = coin in − coin out − hand paid + credits = ${cents(byMeters)}`
        : `  NOT reconciled: ledger ${cents(byLedger)}, meters ${cents(byMeters)}, off by ${cents(byLedger - byMeters)}`,
    ].join('\n');
  },
};

const agentCommand: Command = {
  usage: 'agent add <id> [machineId ...] | agent revoke <id>',
  help: 'registers a machine agent (its secret is printed once) or revokes one',
  async run(args, _options, backend) {
    const [action, id, ...machines] = args;
    if (!id || (action !== 'add' && action !== 'revoke'))
      throw new CliError(`usage: ${this.usage}`);
    if (action === 'revoke') {
      await backend.staff<AgentRevokeAnswer>('/staff/agents/revoke', { id });
      return `agent ${id} revoked: refused from now on, and disconnected`;
    }
    const body = { id, machines: machines.map((m) => parseMachineId(m, this.usage)) };
    const a = await backend.staff<AgentAddAnswer>('/staff/agents', body);
    return [
      `agent ${a.id} added for machines [${a.machines.join(', ')}]`,
      `  secret (shown this once; the server keeps only its hash): ${a.secret}`,
    ].join('\n');
  },
};

/**
 * The way to a first admin on a database without demo accounts: the account gets a generated
 * password, printed once (no staff password is ever chosen or published).
 */
const staffAddCommand: Command = {
  usage: 'staff-add <username> <email> <role> <name> <lastname>',
  help: 'adds a staff account (cashier, supervisor, admin, auditor); prints its password once',
  async run(args, options, backend) {
    const [username, email, role, name, lastname] = args;
    const reason = options.reason ?? 'added from the command line';
    const body = staffAccountCreateBody.safeParse({
      username,
      email,
      role,
      name,
      lastname,
      reason,
    });
    if (!body.success) throw new CliError(`usage: ${this.usage}`);
    const a = await backend.staff<StaffAccountPasswordAnswer>('/staff/accounts', body.data);
    return [
      `staff account ${a.account.username} (${a.account.role}) added`,
      `  password (shown this once; the server keeps only its hash): ${a.password}`,
    ].join('\n');
  },
};

/** The commands; each is one entry here. */
export const commands: Record<string, Command> = {
  deposit: moneyCommand('deposit'),
  withdraw: moneyCommand('withdraw'),
  'handpay-reset': handPayResetCommand,
  fault: faultCommand,
  meters: metersCommand,
  agent: agentCommand,
  'staff-add': staffAddCommand,
};

function usage(): string {
  const lines = Object.values(commands).map((c) => `  ${c.usage.padEnd(44)} ${c.help}`);
  return [
    'usage: npm run cli -- <command> [args] [--key <idempotency key>] [--reason <text>]',
    ...lines,
  ].join('\n');
}

function parseArgs(argv: string[]): { name?: string; args: string[]; options: Options } {
  const args: string[] = [];
  const options: Options = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--key' || a === '--reason') {
      const value = argv[++i];
      if (!value) throw new CliError(`${a} needs a value`);
      options[a.slice(2) as keyof Options] = value;
    } else {
      args.push(a);
    }
  }
  return { name: args[0], args: args.slice(1), options };
}

async function main(argv: string[]): Promise<number> {
  const { name, args, options } = parseArgs(argv);
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stdout.write(`${usage()}\n`);
    return name && name !== 'help' ? 2 : 0;
  }
  // Opening the embedded database writes into DATA_DIR: private, as the server's files are.
  process.umask(PRIVATE_UMASK);
  const env = parseEnv();
  const host = env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST;
  const base = (process.env.REELCAST_URL ?? `http://${host}:${env.PORT}`).replace(/\/$/, '');
  const backend = (await serverRunning(base)) ? await httpBackend(base) : await directBackend();
  try {
    process.stdout.write(`${await command.run(args, options, backend)}  [via ${backend.name}]\n`);
    return 0;
  } finally {
    await backend.close();
  }
}

// Run as a program, not when a test imports the command table.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      // A failed query's message would print its SQL and parameters: describeError drops them.
      process.stderr.write(`error: ${describeError(e)}\n`);
      process.exit(1);
    },
  );
}
