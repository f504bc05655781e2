"""The yimao command: one subcommand per module.
"""
