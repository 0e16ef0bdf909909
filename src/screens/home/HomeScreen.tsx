import { memo } from 'react';
import { siteApi } from '../../api/site';
import { useRemote } from '../../hooks/useRemote';
import { Carousel } from './Carousel';
import { CoinList } from './CoinList';
import { DownloadBanner } from './DownloadBanner';
import { HomeContent } from './HomeContent';
import { HomeHeader } from './HomeHeader';
import { NoticeBar } from './NoticeBar';
import { NoticePopup } from './NoticePopup';
import { QuickLinks } from './QuickLinks';
import { TopLists } from './TopLists';
import { ConnectionBanner } from '../../components/ConnectionBanner';

const loadHomeContent = () => siteApi.content('home');

// The five answers below land one by one, each re-rendering this screen: memo keeps an arrival to
// its own section, rather than re-ranking the top lists and re-formatting every coin row each time
// (on a slow phone those are the costly ones). NONE keeps "no data yet" the same value too.
const NONE: readonly never[] = [];
const Banners = memo(Carousel);
const Notices = memo(NoticeBar);
const Shortcuts = memo(QuickLinks);
const Tops = memo(TopLists);
const Coins = memo(CoinList);
const Content = memo(HomeContent);

const HomeScreen = () => {
  const carousel = useRemote(siteApi.carousel);
  const notices = useRemote(siteApi.notices);
  const pairs = useRemote(siteApi.coinList);
  const content = useRemote(loadHomeContent);
  const popups = useRemote(siteApi.popups);
  return (
    <div className="home">
      <HomeHeader />
      <ConnectionBanner />
      <DownloadBanner />
      <Banners items={carousel.data ?? NONE} />
      <Notices notices={notices.data} />
      <Shortcuts />
      <Tops />
      <Coins pairs={pairs.data ?? NONE} />
      <Content items={content.data ?? NONE} />
      {popups.data && <NoticePopup popups={popups.data} />}
    </div>
  );
};

export default HomeScreen;
