/**
 * What a refused channel open becomes, by the reason the server gave (RFC 4254, 5.1) or ssh2's own
 * refusal to ask a server that is not OpenSSH. No server: the errors are built as ssh2 builds them.
 */
import { ChannelRefusedError } from '../../../../../nodes/shared/transport/exec';
import { openFailure } from '../../../../../nodes/shared/transport/http';
import { ForwardingRefusedError, TransportError } from '../../../../../nodes/shared/transport/types';

const refused = (message: string, reason?: number) => Object.assign(new Error(`(SSH) Channel open failure: ${message}`), { reason });
const tcp = { channel: 'TCP' as const, where: '127.0.0.1:9090' };
const socket = { channel: 'Unix socket' as const, where: '/var/run/docker.sock' };

test.each([
	['administratively prohibited, TCP', refused('open failed', 1), tcp, ForwardingRefusedError, /refused a TCP channel to 127\.0\.0\.1:9090 \(open failed\): its AllowTcpForwarding, PermitOpen/],
	['administratively prohibited, socket', refused('open failed', 1), socket, ForwardingRefusedError, /refused a Unix socket channel to \/var\/run\/docker\.sock .*AllowStreamLocalForwarding/],
	['unknown channel type (a server without socket channels)', refused('unknown channel type', 3), socket, ForwardingRefusedError, /has no Unix socket channels \(unknown channel type\)/],
	['ssh2 will not ask a server that is not OpenSSH', new Error('strictVendor enabled and server is not OpenSSH or compatible version'), socket, ForwardingRefusedError, /has no Unix socket channels/],
	['resource shortage (the connection is full)', refused('no more sessions', 4), socket, ChannelRefusedError, /no more sessions/],
	['anything else', refused('who knows', 9), tcp, TransportError, /Could not open a channel to 127\.0\.0\.1:9090: who knows/],
])('%s', (_case, error, target, kind, message) => {
	const failure = openFailure(error, target);
	expect(failure).toBeInstanceOf(kind);
	expect(failure.message).toMatch(message);
	if (kind === ForwardingRefusedError) expect(failure).toMatchObject({ kind: 'config', transient: false });
	if (kind === TransportError) expect(failure).toMatchObject({ kind: 'dropped', transient: true, name: 'TransportError' });
});
