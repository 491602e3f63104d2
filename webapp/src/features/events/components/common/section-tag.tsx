// The section an event belongs to (Cubs, Scouts) in its colour, beside the event in the list and on its page;
// nothing for an event of the whole organisation.
import { Badge } from '../../../../components/badge/badge';
import { useSections } from '../../api/sections';
import styles from './section-tag.module.css';

export function SectionTag({ sectionId }: { sectionId: number | null }) {
  const sections = useSections(sectionId !== null);
  const section = sections.data?.find((item) => item.id === sectionId);
  if (!section) return null;
  return (
    <Badge className={styles.tag}>
      <span className={styles.dot} style={{ background: section.colour ?? undefined }} aria-hidden="true" />
      {section.name}
    </Badge>
  );
}
