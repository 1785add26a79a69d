import pino from 'pino'
import { singleton } from './singleton.server'

export const logger = singleton('logger', () =>
	pino({
		level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
		redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-admin-key"]'],
	}),
)
