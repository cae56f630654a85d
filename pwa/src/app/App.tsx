/**
 * The router and the route table of spec section 2. Every page is its own lazy chunk; the pages a
 * signed-in start opens on most can also be loaded ahead (first-paint-parts.ts).
 */
import { lazy, Suspense, useEffect } from 'react'
import { BrowserRouter, Route, Routes } from 'react-router-dom'
import { session } from '../data/session/session.ts'
import { Fallback, PublicOnly, RequireAuth } from './guards.tsx'
import { PageLoading } from './PageLoading.tsx'
import { LanguagesPage, VideoPage, VideosPage } from './first-paint-parts.ts'
import { RootLayout } from './RootLayout.tsx'

const LandingPage = lazy(() => import('../pages/LandingPage.tsx'))
const LoginPage = lazy(() => import('../pages/LoginPage.tsx'))
const RegisterPage = lazy(() => import('../pages/RegisterPage.tsx'))
const ApplyPage = lazy(() => import('../pages/ApplyPage.tsx'))
const ExplainerPage = lazy(() => import('../pages/ExplainerPage.tsx'))
const ProgressPage = lazy(() => import('../pages/ProgressPage.tsx'))
const UploadPage = lazy(() => import('../pages/UploadPage.tsx'))
const SubmissionsPage = lazy(() => import('../pages/SubmissionsPage.tsx'))
const StudioPage = lazy(() => import('../pages/StudioPage.tsx'))
const AdminDashboardPage = lazy(() => import('../pages/AdminDashboardPage.tsx'))
const AdminVideosPage = lazy(() => import('../pages/AdminVideosPage.tsx'))
const AdminUsersPage = lazy(() => import('../pages/AdminUsersPage.tsx'))
const AdminFeedbackPage = lazy(() => import('../pages/AdminFeedbackPage.tsx'))
const AdminApplicationsPage = lazy(() => import('../pages/AdminApplicationsPage.tsx'))
const AdminJobsPage = lazy(() => import('../pages/AdminJobsPage.tsx'))
const AdminLexiconPage = lazy(() => import('../pages/AdminLexiconPage.tsx'))
const ContributorDashboardPage = lazy(() => import('../pages/ContributorDashboardPage.tsx'))
const ContributorGuidancePage = lazy(() => import('../pages/ContributorGuidancePage.tsx'))
const ContributorResourcesPage = lazy(() => import('../pages/ContributorResourcesPage.tsx'))
const BillingPage = lazy(() => import('../pages/BillingPage.tsx'))
const BillingSuccessPage = lazy(() => import('../pages/BillingSuccessPage.tsx'))
const AccountPage = lazy(() => import('../pages/AccountPage.tsx'))
const DownloadsPage = lazy(() => import('../pages/DownloadsPage.tsx'))
const ReviewPage = lazy(() => import('../pages/ReviewPage.tsx'))

export function App() {
  useEffect(() => {
    void session.start()
  }, [])
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}

/** The routes without a router, so the build can prerender the public pages with a static one. */
export function AppRoutes() {
  return (
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route element={<RootLayout />}>
            <Route element={<PublicOnly />}>
              <Route index element={<LandingPage />} />
              <Route path="login" element={<LoginPage />} />
            </Route>
            <Route path="apply" element={<ApplyPage />} />
            <Route path="comprehensible-input" element={<ExplainerPage />} />
            <Route path="en" element={<ExplainerPage language="en" />} />
            <Route path="vi" element={<ExplainerPage language="vi" />} />
            <Route path="zh-Hant-HK" element={<ExplainerPage language="zh-Hant-HK" />} />
            <Route element={<RequireAuth />}>
              <Route path="register" element={<RegisterPage />} />
              <Route path="languages" element={<LanguagesPage />} />
              <Route path="languages/:code/videos" element={<VideosPage />} />
              <Route path="languages/:code/videos/:id" element={<VideoPage />} />
              <Route path="languages/:code/progress" element={<ProgressPage />} />
              <Route path="languages/:code/review" element={<ReviewPage />} />
              <Route path="upload" element={<UploadPage />} />
              <Route path="submissions" element={<SubmissionsPage />} />
              <Route path="submissions/:id/studio" element={<StudioPage />} />
              <Route path="admin-dashboard" element={<AdminDashboardPage />} />
              <Route path="admin-videos" element={<AdminVideosPage />} />
              <Route path="admin-users" element={<AdminUsersPage />} />
              <Route path="admin-feedback" element={<AdminFeedbackPage />} />
              <Route path="admin-applications" element={<AdminApplicationsPage />} />
              <Route path="admin-jobs" element={<AdminJobsPage />} />
              <Route path="admin-lexicon" element={<AdminLexiconPage />} />
              <Route path="contributor-dashboard" element={<ContributorDashboardPage />} />
              <Route path="contributor-guidance" element={<ContributorGuidancePage />} />
              <Route path="contributor-resources" element={<ContributorResourcesPage />} />
              <Route path="billing" element={<BillingPage />} />
              <Route path="billing/success" element={<BillingSuccessPage />} />
              <Route path="account" element={<AccountPage />} />
              <Route path="downloads" element={<DownloadsPage />} />
            </Route>
            <Route path="*" element={<Fallback />} />
          </Route>
        </Routes>
      </Suspense>
  )
}
