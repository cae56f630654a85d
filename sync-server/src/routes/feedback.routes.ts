import { Router, type RequestHandler } from 'express'
import { feedbackBodySchema } from '../../../contract/index.ts'
import { currentUser } from '../middleware/authenticate.ts'
import { parseWith } from '../middleware/validate.ts'
import type { FeedbackService } from '../services/feedback.service.ts'
import { on } from './route.ts'

export function feedbackRoutes(router: Router, deps: { feedback: FeedbackService; requireUser: RequestHandler }) {
  on(router, 'feedback.create', deps.requireUser, async (req, res) => {
    const { user_feedback } = parseWith(feedbackBodySchema, req.body)
    const { id, created } = await deps.feedback.submit(currentUser(req).id, user_feedback)
    res.status(created ? 201 : 200).json({ data: { id } })
  })
}
