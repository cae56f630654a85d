import type { FeedbackService } from '../services/feedback.service.ts'
import type { Routes } from './route.ts'

export function feedbackRoutes(routes: Routes, deps: { feedback: FeedbackService }) {
  routes.add('feedback.create', async ({ res, user, body }) => {
    const { id, created } = await deps.feedback.submit(user.id, body.user_feedback)
    res.status(created ? 201 : 200).json({ data: { id } })
  })
}
