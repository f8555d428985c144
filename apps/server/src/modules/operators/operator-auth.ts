/** The operator a request was authenticated as (see requireOperator). */
export interface OperatorAuth {
  id: string;
  username: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    operator: OperatorAuth | null;
  }
}
