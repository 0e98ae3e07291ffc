import { useState } from 'react';
import { companyLogoUri, initialOf } from '@/shared/utils/companyLogo';

interface CompanyLogoProps {
  name: string;
  cfg?: string | null;
  size?: number;
  alt: string;
}

/** The company's logo thumbnail, or its initial on a gradient tile when it has none. */
export function CompanyLogo({ name, cfg, size = 32, alt }: CompanyLogoProps) {
  const uri = companyLogoUri(cfg);
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.48) };
  if (uri && !failed) {
    return <img className="sd-company-logo sd-company-logo--image" src={uri} alt={alt} style={style} onError={() => setFailed(true)} />;
  }
  return (
    <span className="sd-company-logo sd-company-logo--fallback" role="img" aria-label={alt} style={style}>
      {initialOf(name)}
    </span>
  );
}
