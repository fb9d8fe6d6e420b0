import type { Brand } from '@reelcast/protocol/http';
import { useNavigate, useParams } from '../../../shared/router';

/** The selected brand lives in the address (/lobby/:id/:name) so a reload or a shared link keeps it. */
export function useSelectedBrand() {
  const { id } = useParams<{ id: string; name: string }>();
  const navigate = useNavigate();
  const parsed = Number(id);
  const selectedBrandId = id !== undefined && Number.isInteger(parsed) ? parsed : null;

  function toggleBrand(brand: Pick<Brand, 'id' | 'name'>): void {
    // §3: clicking the selected brand deselects it.
    if (brand.id === selectedBrandId) navigate('/lobby');
    else navigate(`/lobby/${brand.id}/${encodeURIComponent(brand.name)}`);
  }

  return { selectedBrandId, toggleBrand };
}
