import { Tag, Typography } from 'antd';

/** A row's roles or companies as tags, or in grey what it means to have none. */
export function NameTags({ tags, none, color }: { tags: readonly { key: string; name: string }[]; none: string; color?: string }) {
  return tags.length === 0 ? (
    <Typography.Text type="secondary">{none}</Typography.Text>
  ) : (
    <span className="sd-users__tags">
      {tags.map((tag) => (
        <Tag key={tag.key} color={color}>
          {tag.name}
        </Tag>
      ))}
    </span>
  );
}
