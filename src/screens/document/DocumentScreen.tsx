import { useTranslation } from 'react-i18next';
import type { ContentType } from '../../../protocol';
import { NavBar } from '../../components/NavBar';
import { useCurrentRoute } from '../../hooks/useCurrentRoute';
import { SiteDocument } from './SiteDocument';

/** A site document as a screen of its own; the route's name is the document's type. */
const DocumentScreen = () => {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  return (
    <>
      <NavBar title={route ? t(route.title) : ''} />
      {route && <SiteDocument type={route.name as ContentType} />}
    </>
  );
};

export default DocumentScreen;
