import { Result, Skeleton } from 'antd';
import { Link } from 'react-router';

interface DetailFallbackProps {
  /** The record's request: a skeleton while it runs, "not found" once it failed. */
  query: { isPending: boolean; isError: boolean };
  /** What the page says when the record is not there (deleted, another company's, a wrong id). */
  notFound: string;
  /** The way back to the list the record came from. */
  back: { to: string; label: string };
  /** The skeleton's paragraph lines; antd's default when absent. */
  rows?: number;
}

/**
 * What a detail page shows before its record is there: a skeleton while it loads, a warning with
 * the way back to its list when it could not be had. A page returns it while its query is pending
 * or failed, and reads the record only after.
 */
export function DetailFallback({ query, notFound, back, rows }: DetailFallbackProps) {
  if (query.isError) {
    return <Result status="warning" title={notFound} extra={<Link to={back.to}>{back.label}</Link>} />;
  }
  return (
    <div className="sd-page">
      <Skeleton active paragraph={rows === undefined ? undefined : { rows }} />
    </div>
  );
}
