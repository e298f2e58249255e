/**
 * Hosts of a test's own, on one machine: a network namespace per host (Linux `ip netns`), each with a veth pair whose
 * other end is on a bridge of the test's own, and an address on a /24 the test picks (10.213.N.0, N free). The test
 * process (in the root namespace) reaches every host through the bridge's address; the hosts reach each other
 * through the bridge; nothing reaches anything else. `cut(host)` takes the host's bridge port down: its packets are
 * dropped silently (no reset, no refusal), as when a link between two machines fails; `restore(host)` brings it back.
 *
 * Needs root and iproute2; `netHostsSkipReason` says why not otherwise (the tests skip visibly). Every namespace,
 * link and bridge is removed by `destroy()` (and by the `after` hook that created it).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface NetHost {
  readonly name: string;
  /** The namespace to run its processes in (`ip netns exec <ns> …`). */
  readonly namespace: string;
  /** Its address on the test's network. */
  readonly address: string;
  /** The root side of its veth pair (on the bridge). */
  readonly bridgePort: string;
}

export interface NetHosts {
  readonly hosts: Record<string, NetHost>;
  /** The test process's address on the network (the bridge's). */
  readonly gateway: string;
  cut(host: NetHost): void;
  restore(host: NetHost): void;
  destroy(): void;
}

const IP = '/usr/sbin/ip';

/** Why network namespaces cannot be made here (null when they can). */
export function netHostsSkipReason(): string | null {
  if (process.platform !== 'linux') return 'network namespaces need Linux';
  if (process.getuid?.() !== 0) return 'network namespaces need root (ip netns, veth, bridge)';
  if (!existsSync(IP)) return 'iproute2 (ip) is not installed';
  return null;
}

function ip(...args: string[]): void {
  execFileSync(IP, args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A free 10.213.N.0/24 (no address of this machine in it). */
function freeSubnet(): number {
  const used = execFileSync(IP, ['-o', 'addr'], { encoding: 'utf8' });
  for (let tries = 0; tries < 200; tries++) {
    const n = 1 + Math.floor(Math.random() * 250);
    if (!used.includes(`10.213.${n}.`)) return n;
  }
  throw new Error('no free 10.213.N.0/24 subnet');
}

/** Makes one host per name (at most 200), on a bridge of their own. */
export function makeNetHosts(names: readonly string[]): NetHosts {
  const skip = netHostsSkipReason();
  if (skip) throw new Error(skip);
  const subnet = freeSubnet();
  // interface names hold at most 15 characters: a short tag of this set, then the host's number
  const tag = `a${subnet.toString(36)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;
  const bridge = `br${tag}`;
  const made: Array<() => void> = [];
  const destroy = () => {
    for (const undo of made.reverse()) {
      try {
        undo();
      } catch {
        // already gone
      }
    }
    made.length = 0;
  };
  try {
    ip('link', 'add', bridge, 'type', 'bridge');
    made.push(() => ip('link', 'del', bridge));
    ip('addr', 'add', `10.213.${subnet}.1/24`, 'dev', bridge);
    ip('link', 'set', bridge, 'up');
    const hosts: Record<string, NetHost> = {};
    names.forEach((name, k) => {
      const namespace = `${tag}-${k}`;
      const bridgePort = `v${tag}${k}`;
      const inside = `${bridgePort}i`;
      ip('netns', 'add', namespace);
      made.push(() => ip('netns', 'del', namespace));
      ip('link', 'add', bridgePort, 'type', 'veth', 'peer', 'name', inside);
      made.push(() => ip('link', 'del', bridgePort));
      ip('link', 'set', inside, 'netns', namespace);
      ip('link', 'set', bridgePort, 'master', bridge, 'up');
      const address = `10.213.${subnet}.${10 + k}`;
      ip('netns', 'exec', namespace, IP, 'addr', 'add', `${address}/24`, 'dev', inside);
      ip('netns', 'exec', namespace, IP, 'link', 'set', inside, 'up');
      ip('netns', 'exec', namespace, IP, 'link', 'set', 'lo', 'up');
      hosts[name] = { name, namespace, address, bridgePort };
    });
    return {
      hosts,
      gateway: `10.213.${subnet}.1`,
      cut: (host) => ip('link', 'set', host.bridgePort, 'down'),
      restore: (host) => ip('link', 'set', host.bridgePort, 'up'),
      destroy,
    };
  } catch (error) {
    destroy();
    throw error;
  }
}

/** `command args` run in `namespace` (for spawn): `ip netns exec <ns> command args`. */
export function inNamespace(namespace: string, command: string, args: readonly string[]): [string, string[]] {
  return [IP, ['netns', 'exec', namespace, command, ...args]];
}
