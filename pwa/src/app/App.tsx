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

const LandingPage = lazy(() => import('../routes/LandingPage.tsx'))
const LoginPage = lazy(() => import('../routes/LoginPage.tsx'))
const RegisterPage = lazy(() => import('../routes/RegisterPage.tsx'))
const ApplyPage = lazy(() => import('../routes/ApplyPage.tsx'))
const ExplainerPage = lazy(() => import('../routes/ExplainerPage.tsx'))
const ProgressPage = lazy(() => import('../routes/ProgressPage.tsx'))
const UploadPage = lazy(() => import('../routes/UploadPage.tsx'))
const SubmissionsPage = lazy(() => import('../routes/SubmissionsPage.tsx'))
const AdminDashboardPage = lazy(() => import('../routes/AdminDashboardPage.tsx'))
const AdminVideosPage = lazy(() => import('../routes/AdminVideosPage.tsx'))
const AdminUsersPage = lazy(() => import('../routes/AdminUsersPage.tsx'))
const AdminFeedbackPage = lazy(() => import('../routes/AdminFeedbackPage.tsx'))
const AdminApplicationsPage = lazy(() => import('../routes/AdminApplicationsPage.tsx'))
const AdminJobsPage = lazy(() => import('../routes/AdminJobsPage.tsx'))
const ContributorDashboardPage = lazy(() => import('../routes/ContributorDashboardPage.tsx'))
const ContributorGuidancePage = lazy(() => import('../routes/ContributorGuidancePage.tsx'))
const ContributorResourcesPage = lazy(() => import('../routes/ContributorResourcesPage.tsx'))
const BillingPage = lazy(() => import('../routes/BillingPage.tsx'))
const BillingSuccessPage = lazy(() => import('../routes/BillingSuccessPage.tsx'))
const AccountPage = lazy(() => import('../routes/AccountPage.tsx'))
const DownloadsPage = lazy(() => import('../routes/DownloadsPage.tsx'))

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
              <Route path="upload" element={<UploadPage />} />
              <Route path="submissions" element={<SubmissionsPage />} />
              <Route path="admin-dashboard" element={<AdminDashboardPage />} />
              <Route path="admin-videos" element={<AdminVideosPage />} />
              <Route path="admin-users" element={<AdminUsersPage />} />
              <Route path="admin-feedback" element={<AdminFeedbackPage />} />
              <Route path="admin-applications" element={<AdminApplicationsPage />} />
              <Route path="admin-jobs" element={<AdminJobsPage />} />
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
