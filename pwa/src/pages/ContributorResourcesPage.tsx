/**
 * /contributor-resources: the copyright notice and links to free music, image and stock-video sources
 * (spec section 2). Links leave the app, so they open in a new tab without passing our address along.
 */
import { PageFrame } from '../components/PageFrame.tsx'
import { useTranslation } from 'react-i18next'
import '../features/contribute/contribute.css'

interface Source {
  name: string
  url: string
  /** Key of a one-line description under resources.notes. */
  note: string
}

const GROUPS: { key: 'music' | 'images' | 'video'; sources: Source[] }[] = [
  {
    key: 'music',
    sources: [
      { name: 'YouTube Audio Library', url: 'https://studio.youtube.com/channel/UC/music', note: 'youtubeAudio' },
      { name: 'Free Music Archive', url: 'https://freemusicarchive.org/', note: 'fma' },
      { name: 'Pixabay Music', url: 'https://pixabay.com/music/', note: 'pixabayMusic' },
      { name: 'Incompetech', url: 'https://incompetech.com/music/', note: 'incompetech' },
    ],
  },
  {
    key: 'images',
    sources: [
      { name: 'Unsplash', url: 'https://unsplash.com/', note: 'unsplash' },
      { name: 'Pexels', url: 'https://www.pexels.com/', note: 'pexels' },
      { name: 'Pixabay', url: 'https://pixabay.com/', note: 'pixabay' },
      { name: 'Wikimedia Commons', url: 'https://commons.wikimedia.org/', note: 'wikimedia' },
    ],
  },
  {
    key: 'video',
    sources: [
      { name: 'Pexels Videos', url: 'https://www.pexels.com/videos/', note: 'pexelsVideos' },
      { name: 'Pixabay Videos', url: 'https://pixabay.com/videos/', note: 'pixabayVideos' },
      { name: 'Mixkit', url: 'https://mixkit.co/free-stock-video/', note: 'mixkit' },
      { name: 'Videvo', url: 'https://www.videvo.net/', note: 'videvo' },
    ],
  },
]

export default function ContributorResourcesPage() {
  const { t } = useTranslation('contribute')
  return (
    <PageFrame title={t('resources.title')}>
      <p className="lead">{t('resources.intro')}</p>
      <section className="card contribute-section contribute-copyright" aria-labelledby="resources-copyright">
        <h2 id="resources-copyright">{t('resources.copyrightTitle')}</h2>
        <p>{t('resources.copyright1')}</p>
        <p>{t('resources.copyright2')}</p>
      </section>
      <div className="resource-groups">
        {GROUPS.map((group) => (
          <section key={group.key} className="card contribute-section" aria-labelledby={`resources-${group.key}`}>
            <h2 id={`resources-${group.key}`}>{t(`resources.groups.${group.key}`)}</h2>
            <ul className="resource-list">
              {group.sources.map((source) => (
                <li key={source.url}>
                  <a href={source.url} target="_blank" rel="noopener noreferrer">
                    {source.name}
                    <span className="visually-hidden"> {t('resources.newTab')}</span>
                  </a>
                  <span className="muted"> · {t(`resources.notes.${source.note}`)}</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </PageFrame>
  )
}
