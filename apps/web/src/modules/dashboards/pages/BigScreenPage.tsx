import { useParams } from 'react-router';
import { CarouselPlayer } from '../components/CarouselPlayer';
import '../dashboards.css';

/** /big_screen/:boardPlayId — the published carousel as a kiosk: no console, keys ← → and space. */
export function BigScreenPage() {
  const carouselId = Number(useParams().boardPlayId);
  return (
    <main className="sd-screen sd-screen--kiosk">
      <CarouselPlayer carouselId={carouselId} version="published" globalKeys />
    </main>
  );
}
