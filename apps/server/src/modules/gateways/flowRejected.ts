import { ErrorCode, deviceMessage, errorCodeInfo, flowMessage, flowMessages, type FlowProblem, type Locale } from '@smartdata/domain';
import { AppError } from '@server/platform/errors';

/** A flow or device problem as the client gets it: key, translated message, where. */
export interface ProblemView {
  key: string;
  message: string;
  nodeId?: string;
  linkId?: string;
  params?: Record<string, string | number>;
}

/** The gateways' view of a flow problem in the caller's language (refusals and warnings alike). */
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
 * A flow document (or its serial settings or links) that breaks rules: 50001 with the first
 * reason's text in `data`, every reason in `reasons` and the warnings beside them, so the editor
 * can mark each node or link at once instead of one refusal per save.
 */
export class FlowRejected extends AppError {
  constructor(
    readonly problems: FlowProblem[],
    readonly warnings: FlowProblem[] = [],
  ) {
    super(ErrorCode.validationFailed, problems[0]?.key ?? 'flow rejected');
    this.name = 'FlowRejected';
  }

  override envelopeFields(locale: Locale): Record<string, unknown> {
    const reasons = this.problems.map((p) => problemView(p, locale));
    return {
      data: reasons[0]?.message ?? errorCodeInfo[ErrorCode.validationFailed][locale],
      reasons,
      warnings: this.warnings.map((p) => problemView(p, locale)),
    };
  }
}
