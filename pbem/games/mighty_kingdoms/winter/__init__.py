"""The winter season: economy, deployment, losses and quests, and the winter order language."""
