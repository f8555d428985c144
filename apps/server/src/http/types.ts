import type { FastifyInstance } from 'fastify';

export type AppInstance = FastifyInstance;
