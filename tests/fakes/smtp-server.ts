// A mail server that keeps what it is given, over real SMTP on a local port (RFC 5321: EHLO, AUTH
// PLAIN or LOGIN, MAIL, RCPT, DATA, QUIT; no STARTTLS offered): the tests read each message as the
// recipient's inbox would. It takes the user and password it was started with, and refuses others.
import net from 'node:net'
import type { AddressInfo } from 'node:net'

export interface ReceivedMail {
	from: string
	to: string[]
	/** The message as sent: headers, a blank line, the body (quoted-printable or plain, as the sender chose). */
	data: string
	subject: string
}

export interface FakeSmtp {
	url: string
	host: string
	port: number
	user: string
	password: string
	received: ReceivedMail[]
	/** The mails to `address`, oldest first. */
	to(address: string): ReceivedMail[]
	close(): Promise<void>
}

/** Bytes a session may send before it is cut off: a sink for tests, not a mail server. */
const MAX_SESSION_BYTES = 5 * 1024 * 1024

export async function startFakeSmtp({ user = 'shop', password = 'smtp-password' } = {}): Promise<FakeSmtp> {
	const received: ReceivedMail[] = []
	const sockets = new Set<net.Socket>()
	const server = net.createServer((socket) => {
		sockets.add(socket)
		socket.on('close', () => sockets.delete(socket))
		socket.setEncoding('utf8')
		let buffer = ''
		let total = 0
		let mode: 'command' | 'data' | 'auth-user' | 'auth-pass' = 'command'
		let authed = false
		let loginUser = ''
		let mail: { from: string; to: string[] } = { from: '', to: [] }
		let data = ''
		const reply = (line: string) => socket.write(`${line}\r\n`)
		const checkPlain = (encoded: string) => {
			const [, u, p] = Buffer.from(encoded, 'base64').toString('utf8').split('\0')
			return u === user && p === password
		}
		reply('220 fake-smtp ready')
		socket.on('data', (chunk: string) => {
			total += chunk.length
			if (total > MAX_SESSION_BYTES) return socket.destroy()
			buffer += chunk
			for (;;) {
				if (mode === 'data') {
					const end = buffer.indexOf('\r\n.\r\n')
					if (end < 0) return
					data += buffer.slice(0, end)
					buffer = buffer.slice(end + 5)
					const body = data.replace(/^\.\./gm, '.')
					received.push({ ...mail, data: body, subject: /^Subject: (.*)$/m.exec(body)?.[1]?.trim() ?? '' })
					mail = { from: '', to: [] }
					data = ''
					mode = 'command'
					reply('250 OK: queued')
					continue
				}
				const newline = buffer.indexOf('\r\n')
				if (newline < 0) return
				const line = buffer.slice(0, newline)
				buffer = buffer.slice(newline + 2)
				if (mode === 'auth-user') {
					loginUser = Buffer.from(line, 'base64').toString('utf8')
					mode = 'auth-pass'
					reply(`334 ${Buffer.from('Password:').toString('base64')}`)
					continue
				}
				if (mode === 'auth-pass') {
					mode = 'command'
					authed = loginUser === user && Buffer.from(line, 'base64').toString('utf8') === password
					reply(authed ? '235 Authentication successful' : '535 Authentication failed')
					continue
				}
				const [verb = '', ...rest] = line.split(' ')
				const arg = rest.join(' ')
				switch (verb.toUpperCase()) {
					case 'EHLO':
						reply('250-fake-smtp')
						reply('250-AUTH PLAIN LOGIN')
						reply('250 8BITMIME')
						break
					case 'HELO':
						reply('250 fake-smtp')
						break
					case 'AUTH': {
						const [method = '', initial] = arg.split(' ')
						if (method.toUpperCase() === 'PLAIN' && initial) {
							authed = checkPlain(initial)
							reply(authed ? '235 Authentication successful' : '535 Authentication failed')
						} else if (method.toUpperCase() === 'LOGIN') {
							mode = 'auth-user'
							reply(`334 ${Buffer.from('Username:').toString('base64')}`)
						} else reply('504 Unrecognised authentication type')
						break
					}
					case 'MAIL':
						if (!authed) reply('530 Authentication required')
						else {
							mail = { from: /<([^>]*)>/.exec(arg)?.[1] ?? '', to: [] }
							reply('250 OK')
						}
						break
					case 'RCPT':
						if (!authed) reply('530 Authentication required')
						else {
							mail.to.push(/<([^>]*)>/.exec(arg)?.[1] ?? '')
							reply('250 OK')
						}
						break
					case 'DATA':
						if (!authed || mail.to.length === 0) reply('503 Bad sequence of commands')
						else {
							mode = 'data'
							reply('354 End data with <CR><LF>.<CR><LF>')
						}
						break
					case 'RSET':
						mail = { from: '', to: [] }
						reply('250 OK')
						break
					case 'NOOP':
						reply('250 OK')
						break
					case 'QUIT':
						reply('221 Bye')
						socket.end()
						return
					default:
						reply('502 Command not implemented')
				}
			}
		})
		socket.on('error', () => {})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return {
		url: `smtp://${user}:${password}@127.0.0.1:${port}`,
		host: '127.0.0.1',
		port,
		user,
		password,
		received,
		to: (address) => received.filter((m) => m.to.includes(address)),
		close: async () => {
			for (const socket of sockets) socket.destroy()
			await new Promise((resolve) => server.close(resolve))
		},
	}
}
