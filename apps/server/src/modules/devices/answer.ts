import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, deviceMessage, errorCodeInfo, flowMessage, flowMessages, type FlowProblem, type Locale } from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { AppError } from '@server/platform/errors';
import { requestLocale } from '@server/platform/i18n';
import { FlowRejected } from '../gateways/gateways.service';

/** A flow or device problem as the client gets it: key, translated message, where. */
export interface ProblemView {
  key: string;
  message: string;
  nodeId?: string;
  linkId?: string;
  params?: Record<string, string | number>;
}

export function problemView(problem: FlowProblem, locale: Locale): ProblemView {
  const message = flowMessages[problem.key] ? flowMessage(problem, locale) : (deviceMessage(problem.key, locale) ?? problem.key);
  return {
    key: problem.key,
    message,
    ...(problem.nodeId ? { nodeId: problem.nodeId } : {}),
    ...(problem.linkId ? { linkId: problem.linkId } : {}),
    ...(problem.params ? { params: problem.params } : {}),
  };
}

/**
 * Runs a route of the devices and gateways modules: `ok(result)`, or the failure with its texts
 * (device and flow message keys) translated into the caller's language. A rejected flow is a
 * 50001 with the first reason in `data` and every reason in `reasons` (and the warnings).
 */
export async function answer<T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>) {
  try {
    return ok(await work());
  } catch (error) {
    const locale = requestLocale(request);
    if (error instanceof FlowRejected) {
      const reasons = error.problems.map((p) => problemView(p, locale));
      return reply.status(errorCodeInfo[ErrorCode.validationFailed].http).send({
        code: ErrorCode.validationFailed,
        msg: errorCodeInfo[ErrorCode.validationFailed][locale],
        data: reasons[0]?.message ?? errorCodeInfo[ErrorCode.validationFailed][locale],
        reasons,
        warnings: error.warnings.map((p) => problemView(p, locale)),
      });
    }
    if (error instanceof AppError && error.reason) {
      const text = deviceMessage(error.reason, locale);
      if (text !== null) {
        throw new AppError(error.code, text, error.data);
      }
    }
    throw error;
  }
}
